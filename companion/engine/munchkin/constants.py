"""Манчкин Апокалипсис: the rulebook's headings and numbers the engine uses.

Headings are verbatim (they name the rule in refusal messages); the numbers come from the
surviving pages of rulebook ``munchkin-apocalypse``.
"""

from __future__ import annotations

# -- rulebook headings (verbatim, used in messages) --------------------------------------------
R_CONFLICTS = "Противоречия между правилами и картами"
R_START_END = "Начало игры, конец игры"
R_PHASES = "Фазы хода"
R_COMBAT = "Бой"
R_MANY = "Бой с несколькими монстрами"
R_HELP = "Зовём на помощь"
R_FLEE = "Смываемся"

#: The four phases of a turn, in order («Фазы хода»).
PHASES: tuple[str, ...] = ("Вышибаем дверь!", "Ищем неприятности", "Чистим нычки", "От щедрот")
KICK, TROUBLE, LOOT, CHARITY = range(4)

MIN_LEVEL = 1
MAX_LEVEL = 10
#: Cards a player may keep in hand at the end of the turn («Карты», «От щедрот»).
HAND_LIMIT = 5
#: Breaking this seal ends the game («Начало игры, конец игры»).
SEALS_TO_END = 7
#: A die result (plus modifiers) of at least this escapes («Смываемся»).
ESCAPE_TARGET = 5
STARTING_DOORS = 4
STARTING_TREASURES = 4

#: What the table does before the first turn («Подготовка», «Создание персонажа»), in Russian.
SETUP_REMINDER: tuple[str, ...] = (
    "Разделите колоды Дверей, Сокровищ и Сивучатей и перетасуйте каждую.",
    f"Раздайте каждому {STARTING_DOORS} карты Дверей и {STARTING_TREASURES} карты Сокровищ.",
    "Все манчкины начинают 1-м уровнем и без класса.",
    "Можно сразу выложить одну карту Класса и любые Шмотки.",
    "Первого игрока выберите как угодно.",
)

#: Sanity bounds so a stray long-press cannot produce absurd numbers.
MAX_BONUS = 1000
MAX_TEXT = 2000
MAX_MODIFIER = 20
OVERRIDE_NOTE = "карта так говорит"
SIDES = ("players", "monsters")
