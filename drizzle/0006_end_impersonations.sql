-- Sessions that must end when their user changes, whichever API (or SQL) made the change
-- (decision 028): a banned user's own sessions, and every impersonation held by an admin who is
-- banned, loses the admin role or is deleted. In the database, so no code path can miss it.
CREATE OR REPLACE FUNCTION public.end_revoked_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "session" WHERE "impersonated_by" = OLD."id";
    RETURN OLD;
  END IF;
  IF NEW."banned" IS TRUE AND OLD."banned" IS DISTINCT FROM TRUE THEN
    DELETE FROM "session" WHERE "user_id" = NEW."id" OR "impersonated_by" = NEW."id";
  ELSIF NEW."role" IS DISTINCT FROM OLD."role"
    AND NOT ('admin' = ANY (string_to_array(replace(coalesce(NEW."role", ''), ' ', ''), ','))) THEN
    DELETE FROM "session" WHERE "impersonated_by" = NEW."id";
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_end_revoked_sessions" AFTER UPDATE OF "banned", "role" ON "user"
  FOR EACH ROW EXECUTE FUNCTION public.end_revoked_sessions();--> statement-breakpoint
CREATE TRIGGER "user_end_impersonations_on_delete" BEFORE DELETE ON "user"
  FOR EACH ROW EXECUTE FUNCTION public.end_revoked_sessions();
