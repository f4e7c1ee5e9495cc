from django import template

register = template.Library()

MINUS = "\u2212"  # a true minus sign: a hyphen is easy to miss on a small screen


@register.filter
def number(value):
    """A total: negative numbers get a real minus sign."""
    if isinstance(value, int) and value < 0:
        return f"{MINUS}{-value}"
    return value


@register.filter
def signed(value):
    """A change: always signed, zero shown as 0."""
    if not isinstance(value, int):
        return value
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"{MINUS}{-value}"
    return "0"


@register.filter
def trend(value):
    """The CSS class for a change or a total."""
    if not isinstance(value, int) or value == 0:
        return "even"
    return "gain" if value > 0 else "loss"


@register.filter
def get(mapping, key):
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.filter
def money(chips, settlement):
    """Chips as money at the settlement's value per chip, e.g. 1.75."""
    amount = settlement.money(chips)
    return "" if amount is None else f"{amount:,.2f}".replace("-", MINUS)
