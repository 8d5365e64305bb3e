-- Every instance keeps the signed-in users it has read (platform/auth/session-cache.ts) and LISTENs
-- on this channel: a change to what a session user is made of (issue 32) names the user here, from
-- whichever instance, CLI or SQL session made it, and is seen at the commit. '*' means every user.
CREATE FUNCTION "notify_session_user_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'groups' THEN
    PERFORM pg_notify('rrp_session_user', '*');
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('rrp_session_user', OLD.id::text);
  ELSE
    IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('rrp_session_user', OLD.user_id::text); END IF;
    IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('rrp_session_user', NEW.user_id::text); END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_session_user_changed" AFTER UPDATE OF "email", "primary_role", "is_active", "token_version" ON "users"
  FOR EACH ROW WHEN (
    OLD.email IS DISTINCT FROM NEW.email OR OLD.primary_role IS DISTINCT FROM NEW.primary_role
    OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.token_version IS DISTINCT FROM NEW.token_version
  )
  EXECUTE FUNCTION "notify_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "users_session_user_deleted" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "user_groups_session_user_changed" AFTER INSERT OR UPDATE OR DELETE ON "user_groups"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_user_changed"();--> statement-breakpoint
CREATE TRIGGER "groups_session_user_changed" AFTER UPDATE OF "name" OR DELETE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_user_changed"();
