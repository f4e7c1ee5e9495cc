from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    path("admin/", admin.site.urls),  # for staff: games/admin.py
]

# One who left a group is told so on its addresses; a stranger reads "not found".
handler404 = "games.views.errors.not_found"
