"""Each account becomes the owner (and member) of one group holding everything it had.

Sessions and players move to the group; games, hands, revisions, paid marks and seats hang
off them and follow. Deleted rows move too (historical models' managers see every row).
"""

import secrets

from django.conf import settings
from django.db import migrations


def one_group_each(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    Group = apps.get_model("games", "Group")
    Membership = apps.get_model("games", "Membership")
    Player = apps.get_model("games", "Player")
    Session = apps.get_model("games", "Session")
    for user in User.objects.order_by("pk").iterator():
        group = Group.objects.create(
            name=f"{user.username}'s table",
            owner=user,
            invite_token=secrets.token_urlsafe(24),
            created=user.date_joined,
        )
        Membership.objects.create(group=group, user=user, joined=user.date_joined)
        Player.objects.filter(owner=user).update(group=group)
        Session.objects.filter(owner=user).update(group=group)


def back_to_owners(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    Session = apps.get_model("games", "Session")
    for model in (Player, Session):
        for row in model.objects.select_related("group"):
            row.owner_id = row.group.owner_id
            row.save(update_fields=["owner"])


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0011_groups"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(one_group_each, back_to_owners)]
