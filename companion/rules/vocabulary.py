"""Players' vocabulary: the words people use at the table, mapped to the rulebooks' terms.

A line of a table below reads ``player words : rulebook words``. Every player word (one word,
any form, Russian or English) also means each rulebook word; the search adds those as weaker
alternatives of the word typed (:data:`companion.rules.search.SYNONYM_WEIGHT`), so a question in
slang or in English still meets the entries, which are written in the rulebooks' Russian.

Written from the rulebooks' terms (the Russian editions in ``shared/seeds``), the published
English editions' terms (Smash Up, Coup, Munchkin, The Ricks Must Be Crazy) and common table
speech — never from a question set. Both sides are lemmatised when the index is built
(:func:`pairs`); rulebook words that no entry uses are dropped there.
"""

from __future__ import annotations

__all__ = ["TABLES", "pairs"]

#: General table speech, any game.
GENERAL = """
бабки бабло деньги денежка монетка голда золото кэш бакс money coin coins cash gold : монета
скинуть скидывать слить сливать выкинуть выкидывать выбросить выбрасывать discard : сбросить сброс
скидывание сброшенный discarded : сброс
добрать добирать добор тянуть вытянуть тащить вытащить draw draws drawn : взять добор колода
брать : взять
дека deck decks колода : колода
стопка : колода сброс
рука руке ладонь hand hands : рука
очередь тёрн терн turn turns : ход
круг round rounds : раунд
чел челик человек участник пацан player players : игрок
противник враг оппонент оппонента opponent opponents enemy rival : соперник
выиграть выигрыш победить побеждать победитель вин win wins winner winning victory : победа
проиграть проигрыш вылететь вылет lose loses loser : выбыть выбывание
поровну одинаково одинаковый равенство равно ничейный tie ties tied draw : ничья равный
поинт поинты балл баллы пв вп vp point points : очко победный
счёт счет score scores scoring : очко
старт стартовый начальный start starting beginning : начало подготовка
подготовка сетап setup set : подготовка
финал конец end ends ending finish : конец
закончиться кончиться кончаться заканчиваться : конец
разыграть выложить выкладывать зайти сходить кинуть play plays played : сыграть розыгрыш
вскрыть раскрыть reveal reveals revealed : показать открыть
перемешать мешать замешать шафл shuffle shuffled : перетасовать
отменить отмена cancel cancels negate : отменить
максимум предел лимит max maximum limit : лимит больше
обязан обязательно должен принудительно must mandatory forced : обязательный
блефовать врать соврать наврать обман обмануть обманывать : блеф блефовать ложный
лгать ложь лжец bluff bluffing lie lying : блеф блефовать ложный
убить убивать грохнуть замочить kill kills killed : уничтожить убийство
сдохнуть умереть помереть die dies dead : выбыть уничтожить
правило rule rules : правило
карточка card cards : карта
свойство способность эффект абилка абилити ability abilities effect effects : свойство
стоить стоимость цена cost costs price : платить стоимость
оплачивать оплатить заплатить платёж pay pays paid : платить оплата
порядок очерёдность order : порядок
одновременно simultaneous simultaneously : одновременный
выбор выбирать choose choice : выбрать
цель goal aim objective : цель
коробка комплект комплектация box components contents : состав
помощь помочь help : помощь
держать hold keep : рука
лишний extra excess : лишний сбросить
юзать заюзать юзнуть кастовать каст : применить использовать сыграть
триггер триггериться сработать срабатывание : срабатывать
таргет таргетить : цель
скип скипнуть пас пасануть : пропускать пасовать спасовать
рандом рандомно рандомный : случайный
втемную рубашкой : закрытый рубашка
вскрытую : открытый
колво количество : число количество
макс : лимит максимум
комбо связка : вместе одновременный
"""

#: English words of rules questions (the entries are in Russian; their English aliases cover
#: the games' own terms, these the words around them).
ENGLISH = """
phase phases : фаза
step steps : шаг
count counts counted counting : считаться число
pile piles stack stacks : стопка колода сброс
top : верхний сверху
bottom : нижний снизу
faceup face-up open : открытый открыть
facedown face-down hidden secret : закрытый тайно
show shows shown : показать
gain gains get gets receive : получать получить
give gives : давать
take takes : взять брать
put place placed : положить класть
remove removed : убрать сбросить уничтожить
replace replaced replacement : заменить
clockwise : часовой стрелка
next : следующий
second : второй
third : третий
last : последний
example examples : пример
clarification clarifications faq : уточнение пояснение
keyword keywords glossary : ключевой слово
credits author authors designer designers : создатель автор
edition editions : издание
expansion expansions standalone : дополнение
counter counters : счетчик жетон маркер
immediately instantly : сразу
later : потом
during : время
both : оба
each every : каждый
any : любой
other others another : другой
more most : больше
less fewer : меньше
equal same : равный одинаковый
highest : наибольший
lowest : наименьший
zero : нуль
negative : отрицательный
happen happens : происходить
allowed allow : разрешать разрешить
forbidden forbid cannot : нельзя запрет
skip pass passes : пропускать пасовать
target targets : цель
resolve resolves resolved : выполнить применить
trigger triggers triggered : срабатывать
apply applies applied use uses : применить использовать
spend spent spending : тратить
table : стол
center middle : центр
random randomly : случайный
reference summary : памятка
"""

#: Smash Up (Замес): both Russian editions and the English one.
SMASH_UP = """
миньон миньоны миньонов юнит юниты существо бойцы minion minions : приспешник
экшн экшен экшены action actions : действие
локация локации base bases : база
брейкпоинт брейкпойнт хп хитпоинт прочность порог breakpoint breakpoints : оборона
раса расы армия армии faction factions : фракция
мощь пауэр power strength : сила
скоринг подсчёт засчитать посчитать score scored scoring : захват
захватить захватывать : захват
постоянка онгоинг ongoing : постоянный
спешл спешиал спецуха special specials : спецсвойство
talent talents : талант
destroy destroyed destroys : уничтожить
move moved moves : переместить
return returned returns : вернуть
owner owners : владелец
control controls controlled : контролировать
affect affects : влиять
transfer transferred : перенести
extra additional : добавочный
marker markers жетон жетоны token tokens : маркер жетон
madness безумие : безумие
first : первый
draft драфт : драфт
доп допы допов допник аддон addon : дополнение
рокнролл рокенролл : рок ролл рокер
"""

#: Coup (Переворот).
COUP = """
влияние жизнь жизни лицо роль роли influence influences life lives role roles : покровитель
character characters персонаж : покровитель персонаж
убийца киллер ассасин assassin assassins assassinate assassination : ассасин убийство
заказать заказуха murder : убийство
вор воровать украсть стащить стырить отжать steal steals stealing : кража капитан
налог налоги tax taxes : налог герцог
обмен обменять поменять сменить swap exchange exchanges : обмен посол
посол ambassador : посол
граф графиня contessa countess : графиня
капитан captain : капитан
герцог duke : герцог
блок блокировать блочить заблокировать забанить : запрет запретить
помешать остановить block blocks blocked blocking : запрет запретить
челлендж челенж вызов усомниться сомневаться : оспаривание оспорить
оспорить спорить challenge challenges challenged : оспаривание оспорить
переворот ку coup coups : переворот
иностранный foreign aid : иностранный помощь
доход income : доход
банк казна bank treasury : казна
двор court : двор колода
вылететь вылет eliminate eliminated elimination exile out : выбывание выбыть ссылка
терять потерять lose lost : терять потеря
"""

#: Munchkin Apocalypse (Манчкин Апокалипсис).
MUNCHKIN = """
шмот шмотка шмоток шмотье вещь вещи предмет : шмотки
предметы снаряга снаряжение экипировка item items gear equipment : шмотки
лвл левел лвлап апнуть уровень level levels : уровень
моб мобы чудище чудовище тварь monster monsters : монстр
драться сражаться биться бой файт драка fight fights fighting combat battle : бой драться
убежать сбежать свалить удрать смыться : смываться смывка побег
слиться побег escape flee run runaway : смываться смывка побег
помочь помощь помощник help helper ally : помощь помощник
клад лут трофей добыча treasure treasures loot : сокровище награда
проклятие проклятья ловушка подлянка curse curses trouble : неприятность
продать продажа толкнуть sell sold selling : продавать продажа
дверь двери door doors : дверь
выбить вышибить kick kicked : вышибать дверь
катастрофа disaster disasters : катастрофа
нычка stash : нычка
сивучата сивучи seal seals : сивучать
класс класса class classes : класс
бонус бонусы bonus bonuses : бонус
одноразовый разовый one-shot : разовый
благотворительность charity : щедрота
"""

#: The Ricks Must Be Crazy (Рик и Морти: Наверное, Рики сошли с ума).
RICKS = """
заряд заряды мана батарейка батарейки энергия energy power : энергия
зарядка зарядиться зарядить charge charging : зарядка
мир миры вселенная вселенные universe universes world worlds : вселенная
гаджет гаджеты девайс девайсы изобретение invention inventions gadget gadgets : изобретение
построить строить постройка собрать достроить : внедрение внедрить
build built deploy deployed deployment : внедрение внедрить
одноразовый одноразки oneshot one-shot : одноразок
жетон фишка фишки токен токены token tokens : жетон
источник источники source sources : источник
способность способности ability abilities : способность
активировать активация activate activation : активировать активация
шаг step steps : шаг
персонаж герой character characters : персонаж
рик rick : рик
морти morty : морти
перс персы персонажик : персонаж
кроха крохи кроховселенка teenyverse : кроховселенная
мини miniverse : мини
микро microverse : микровселенная
рико риковселенка rickverse : риковселенная
"""

#: Every table, by name (for tests and docs).
TABLES: dict[str, str] = {
    "general": GENERAL,
    "english": ENGLISH,
    "smash_up": SMASH_UP,
    "coup": COUP,
    "munchkin": MUNCHKIN,
    "ricks": RICKS,
}


def pairs() -> list[tuple[str, tuple[str, ...]]]:
    """``[(player word, rulebook words), ...]`` of every table, in order (not lemmatised)."""
    out: list[tuple[str, tuple[str, ...]]] = []
    for text in TABLES.values():
        for line in text.strip().splitlines():
            left, _, right = line.partition(" : ")
            targets = tuple(right.split())
            out += [(w, targets) for w in left.split()]
    return out
