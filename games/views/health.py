from django.db import connection
from django.http import HttpResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@never_cache
@require_safe
def healthz(request):
    # A load balancer asks this: answering means the database answers too.
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # any database failure makes the instance unhealthy
        return HttpResponse("database unavailable", status=503, content_type="text/plain")
    return HttpResponse("ok", content_type="text/plain")


@require_safe
def manifest(request):
    """The web app manifest: added to a phone's home screen, the app opens full-screen."""
    from django.http import JsonResponse
    from django.templatetags.static import static

    data = {
        "name": "Scorekeeper",
        "short_name": "Scorekeeper",
        "description": "Keeps the score of Contractor, Bid Fair, Tridge and Cardigan at the table.",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "background_color": "#f6f4ef",
        "theme_color": "#14613d",
        "icons": [
            {"src": static("icons/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("icons/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        ],
    }
    response = JsonResponse(data, content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=86400"
    return response
