-- Every app process keeps signed-in sessions in memory; these notifications tell them all, on
-- commit, when a session is revoked or a staff account is created or changes (role, access, active).
CREATE FUNCTION notify_staff_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'staff_users' AND TG_OP = 'INSERT' THEN
    PERFORM pg_notify('staff_auth', 'user:' || NEW.id::text);
  ELSIF TG_TABLE_NAME = 'staff_users' THEN
    PERFORM pg_notify('staff_auth', 'user:' || OLD.id::text);
  ELSE
    PERFORM pg_notify('staff_auth', 'session:' || OLD.token_hash);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER staff_users_auth_change AFTER INSERT OR UPDATE OR DELETE ON staff_users
  FOR EACH ROW EXECUTE FUNCTION notify_staff_auth_change();
--> statement-breakpoint
CREATE TRIGGER staff_sessions_revoked AFTER UPDATE OF revoked_at OR DELETE ON staff_sessions
  FOR EACH ROW EXECUTE FUNCTION notify_staff_auth_change();
