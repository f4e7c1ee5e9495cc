from django.template import Context, Template

from games.templatetags.scorekeeper import shortened


def test_a_name_of_up_to_eight_characters_is_never_shortened():
    assert [shortened(n) for n in ("Ana", "Deirdre", "Beatrice")] == ["Ana", "Deirdre", "Beatrice"]


def test_a_longer_name_keeps_its_first_seven_characters_and_an_ellipsis():
    assert shortened("Maximilian") == "Maximil\u2026"
    assert shortened("Wolfeschlegelsteinhausen") == "Wolfesc\u2026"
    assert shortened("Bartholomew-Jones") == "Barthol\u2026"


def test_a_short_form_never_ends_on_a_hyphen_or_a_space():
    assert shortened("Anne-Sophie") == "Anne-So\u2026"
    assert shortened("Jean-Luc Picard") == "Jean-Lu\u2026"
    assert shortened("Ann-Mari Berg") == "Ann-Mar\u2026"
    assert shortened("Jo Anne Smithson") == "Jo Anne\u2026"
    assert shortened("Ana Bo-Christina") == "Ana Bo\u2026"


def test_a_team_shortens_each_of_its_players():
    assert shortened("Anne-Sophie & Deirdre") == "Anne-So\u2026 & Deirdre"


def test_the_filter_keeps_the_full_name_for_screen_readers_and_as_a_tooltip():
    html = Template("{% load scorekeeper %}{{ name|short }}").render(
        Context({"name": "Maximilian"})
    )
    assert 'title="Maximilian"' in html
    assert '<span aria-hidden="true">Maximil\u2026</span>' in html
    assert '<span class="visually-hidden">Maximilian</span>' in html


def test_the_filter_leaves_a_short_name_as_it_is_and_escapes_a_long_one():
    render = Template("{% load scorekeeper %}{{ name|short }}").render
    assert render(Context({"name": "Deirdre"})) == "Deirdre"
    assert "&lt;b&gt;" in render(Context({"name": "<b>Maximilian"}))


def test_a_table_with_a_long_name_gets_every_name_whole_once_in_its_seat_colour():
    html = Template("{% load scorekeeper %}{% whole_names people colours %}").render(
        Context({"people": ["Ana", "Maximilian"], "colours": {"Ana": 1, "Maximilian": 0}})
    )
    assert html.startswith('<p class="whole-names"')
    dot = '<span class="dot" aria-hidden="true"></span>'
    assert f'<span class="seat-1">{dot}Ana</span>' in html
    assert f'<span class="seat-0">{dot}Maximilian</span>' in html


def test_a_table_of_short_names_gets_no_line_of_whole_ones():
    html = Template("{% load scorekeeper %}{% whole_names people colours %}").render(
        Context({"people": ["Ana", "Deirdre"], "colours": {}})
    )
    assert html == ""


def test_a_short_head_opens_to_the_whole_name_with_a_tap_and_no_script():
    html = Template("{% load scorekeeper %}{{ name|whole_on_tap }}").render(
        Context({"name": "Anne-Sophie Wolfeschlegelstein"})
    )
    assert html.startswith('<details class="whole" name="whole"><summary')
    assert '<span class="cut">Anne-So\u2026</span>' in html
    assert '<span class="visually-hidden">Anne-Sophie Wolfeschlegelstein</span></summary>' in html
    assert html.endswith('aria-hidden="true">Anne-Sophie Wolfeschlegelstein</span></details>')


def test_a_short_head_keeps_each_of_a_teams_names_whole_on_its_line_and_a_short_name_plain():
    render = Template("{% load scorekeeper %}{{ name|whole_on_tap }}").render
    team = render(Context({"name": "Anne-Sophie & Deirdre"}))
    cut = '<span class="cut">Anne-So\u2026</span> &amp; <span class="cut">Deirdre</span>'
    assert cut in team
    assert render(Context({"name": "Deirdre"})) == "Deirdre"
    assert "&lt;b&gt;" in render(Context({"name": "<b>Maximilian"}))
