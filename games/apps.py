from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Games"

    def ready(self):
        from django.contrib.auth import get_user_model

        from games import registry

        registry.load()
        from django.db.models.signals import post_delete, post_save

        from games import caching
        from games.models import Game

        # A saved game (created, a link turned on or off) or user (a login, a new password)
        # puts what the cache drew of it out of reach; hand changes touch the game in
        # games/services.py, where they update the row without a signal.
        def touched(kind):
            def receiver(sender, instance, **kwargs):
                caching.touch(kind, instance.pk)

            return receiver

        for model, kind in [(Game, "game"), (get_user_model(), "user")]:
            post_save.connect(touched(kind), sender=model, weak=False, dispatch_uid=f"touch-{kind}")
            post_delete.connect(
                touched(kind), sender=model, weak=False, dispatch_uid=f"untouch-{kind}"
            )
