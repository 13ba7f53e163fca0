from django.conf import settings


def club(request):
    """The club's name on every page."""
    return {"club_name": settings.CLUB_NAME}
