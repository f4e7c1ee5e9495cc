from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("games.urls")),
    path("admin/", admin.site.urls),  # for staff: games/admin.py
]
