"""Send the e-mails waiting in the queue (players.mail_queue); for cron or by hand."""

from django.core.management.base import BaseCommand

from players import mail_queue


class Command(BaseCommand):
    help = "Send the queued e-mails that are due; failures stay queued and are retried later."

    def handle(self, *args, **options):
        sent = mail_queue.send_due()
        self.stdout.write(f"{sent} sent, {mail_queue.pending()} waiting")
