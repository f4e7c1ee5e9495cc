from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        from django.contrib.auth import get_user_model
        from django.db.models.signals import post_save

        from games.engine import registry
        from games.models import Session
        from games.money import books
        from games.play.changes import game_changed
        from games.play.groups import first_group_at_sign_up
        from games.records import results

        registry.load()
        # The ledger follows each change of its sources, in the change's transaction.
        books.connect()
        # Each seat's stored result follows each change of its game, in its transaction.
        game_changed.connect(results.follow)
        # Each game's stored results carry its session's date, for the pages' date filter.
        post_save.connect(results.dated, sender=Session)
        # Every way an account is made (sign-up, createsuperuser, the admin) gives it a group.
        post_save.connect(first_group_at_sign_up, sender=get_user_model())
