from django.urls import include, path

# No admin site: every object belongs to an account and is reached through its owner's
# screens; a second way in would be one more thing to secure.
urlpatterns = [
    path("", include("games.urls")),
]
