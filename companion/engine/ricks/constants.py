"""«Рик и Морти»: names, numbers and rulebook headings (rulebook 004, ``ricks-crazy``).

Headings are the rulebook's own (they name the rule in refusal messages).
"""

from __future__ import annotations

RICK_UNIVERSE = "Риковселенная"
MICRO = "Микровселенная"
MINI = "Мини-вселенная"
KRO = "Кроховселенная"
#: Universes top to bottom as laid out on the table («Подготовка к игре»).
UNIVERSES: tuple[str, ...] = (RICK_UNIVERSE, MICRO, MINI, KRO)
#: The order the charge phase visits them: from the bottom up («Фаза зарядки»).
CHARGE_ORDER: tuple[str, ...] = tuple(reversed(UNIVERSES))
CHARACTERS: tuple[str, ...] = ("Рик", "Морти", "Зип", "Кайл")
#: Action tokens a turn begun in Кроховселенная gives («Подготовка к игре»).
KRO_ACTIONS = 5
#: Build/control tokens each player starts with («Жетоны внедрения/контроля»).
BUILD_TOKENS = 8
#: Cards dealt at setup («Подготовка к игре»).
START_HAND = 5
#: The physical VP track: past 30 the token flips to its «+30» side («Шаг В»).
TRACK_LENGTH = 30
#: How an amount of energy is written: «1 ед. энергии», «5 ед. энергии». The abbreviation
#: agrees with every number (единица, единицы, единиц — the rulebook counts «единиц энергии»),
#: where «N энергии» is wrong for 1, 21, … The board writes the same words, marked for gettext.
ENERGY_UNIT = "ед. энергии"
#: Charge-phase steps, in order.
STEPS: tuple[str, ...] = ("А", "Б", "В")

PHASE_ROUND = "Начало раунда"
PHASE_ACTIONS = "Фаза действий"
PHASE_CHARGE = "Фаза зарядки"

_TARGETS = {2: 50, 3: 40, 4: 30}
_KINDS = {"source": "источник энергии", "invention": "изобретение", "ability": "способность"}
_MAX_NUMBER = 999  # a sanity bound for typed card numbers and energy amounts

# Rulebook headings used in messages.
R_GOAL = "Цель игры"
R_SETUP = "Подготовка к игре"
R_ROUND = "Начало раунда"
R_ACTIONS = "Фаза действий"
R_AVAILABLE = "Доступные действия"
R_FREE = "Бесплатное действие"
R_MOVE = "Перемещение"
R_BUILD = "Как выполнять действия: внедрение"
R_SWAP = "Сбросить карту, чтобы получить карту"
R_CHARGE = "Фаза зарядки"
R_STEP = {"А": "Фаза зарядки, шаг А", "Б": "Фаза зарядки, шаг Б", "В": "Фаза зарядки, шаг В"}
R_MINI = "Уточнения по вселенным: Мини-вселенная"
R_KRO = "Уточнения по вселенным: Кроховселенная"
R_RICK = "Уточнения по вселенным: Риковселенная"
R_ONESHOT = "Одноразки"
R_ABILITY = "Карты способностей"
R_END = "Конец игры"
