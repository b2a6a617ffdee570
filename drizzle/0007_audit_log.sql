-- The audit log (decision 036): one append-only row per recorded action, written in the same
-- transaction as the change it records. Ids are plain text (no foreign keys): an event outlives
-- the user, book or session it names.
CREATE TABLE "audit_event" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"impersonator_id" text,
	"impersonator_name" text,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"ip_address" text,
	"user_agent" text,
	"changes" jsonb,
	"details" jsonb
);--> statement-breakpoint
-- Newest first, unfiltered and by each filter the manager offers: a keyset first page is an index walk.
CREATE INDEX "audit_event_created_at_id" ON "audit_event" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_event_actor" ON "audit_event" USING btree ("actor_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_event_target" ON "audit_event" USING btree ("target_type", "target_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_event_action" ON "audit_event" USING btree ("action", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "audit_event_impersonator" ON "audit_event" USING btree ("impersonator_id", "created_at" DESC, "id" DESC) WHERE "impersonator_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_event_search_trgm" ON "audit_event" USING gin ((f_unaccent(lower(coalesce("actor_name", '') || ' ' || coalesce("target_label", '')))) gin_trgm_ops);--> statement-breakpoint
-- Append-only: no statement changes or removes an event, except the retention prune, which says so
-- for its own transaction (SET LOCAL springboard.audit_prune = 'on', src/server/audit/prune.ts).
CREATE OR REPLACE FUNCTION public.audit_event_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('springboard.audit_prune', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit events are append-only' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_event_no_update" BEFORE UPDATE OR DELETE ON "audit_event"
  FOR EACH ROW EXECUTE FUNCTION public.audit_event_append_only();--> statement-breakpoint
CREATE TRIGGER "audit_event_no_truncate" BEFORE TRUNCATE ON "audit_event"
  FOR EACH STATEMENT EXECUTE FUNCTION public.audit_event_append_only();
