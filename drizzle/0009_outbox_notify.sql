-- Every insert into the outbox wakes the mail workers: a NOTIFY on 'mail_queued' (src/server/mail/outbox.ts), sent
-- on commit, so a rolled-back transaction wakes nobody. Once per statement, so a bulk insert of mails is one notice.
CREATE FUNCTION "outbox_notify_mail_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mail_queued', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_mail_queued" AFTER INSERT ON "outbox" FOR EACH STATEMENT EXECUTE FUNCTION "outbox_notify_mail_queued"();
