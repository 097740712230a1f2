-- A PQR answer is notified when its mail is sent, not when it is queued (issue 30 item 9): when the mail worker sets
-- an outbox row's sent_at, the answer event that queued it (pqr_events.mail_id) takes that time as its notified_at,
-- once, and its PQR's first_answered_at too if it had none. In the same statement as sent_at, whichever instance
-- sends it. The review term and the 'Expediente' read notified_at (src/server/pqr/records.ts, expediente.ts).
CREATE FUNCTION "pqr_answer_notified"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "pqr_events" SET "notified_at" = NEW."sent_at"
    WHERE "mail_id" = NEW."id" AND "notified_at" IS NULL;
  UPDATE "pqrs" SET "first_answered_at" = NEW."sent_at"
    WHERE "first_answered_at" IS NULL
      AND "number" IN (SELECT "pqr_number" FROM "pqr_events" WHERE "mail_id" = NEW."id" AND "kind" = 'respuesta');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_pqr_answer_notified" AFTER UPDATE OF "sent_at" ON "outbox" FOR EACH ROW
  WHEN (OLD."sent_at" IS NULL AND NEW."sent_at" IS NOT NULL) EXECUTE FUNCTION "pqr_answer_notified"();
