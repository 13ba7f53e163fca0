"""The notices page: a member's notices, newest first, read or unread."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from . import notices
from .models import Notice


@login_required
def notice_list(request):
    items = notices.recent(request.user)
    unread = sum(1 for n in items if n.read is None)
    return render(request, "players/notices.html", {"notices": items, "unread": unread})


@login_required
@require_POST
def mark_all_read(request):
    count = notices.mark_all_read(request.user)
    messages.success(request, f"{count} notice{'s' if count != 1 else ''} marked read.")
    return redirect("players:notices")


@login_required
@require_POST
def open_notice(request, notice_id):
    """Mark one of the member's notices read and go where it points."""
    notice = Notice.objects.filter(pk=notice_id, member=request.user).first()
    if notice is None:
        raise Http404("No such notice.")
    notices.mark_read(notice)
    if notice.url and url_has_allowed_host_and_scheme(notice.url, allowed_hosts=None):
        return redirect(notice.url)
    return redirect("players:notices")
