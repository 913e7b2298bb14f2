-- Brings databases migrated before 0003 announced staff account creation level with the current
-- 0003: a new staff account is announced to every app process, as changes and removals are.
-- Safe on databases that already have it (the function is replaced, the trigger recreated).
CREATE OR REPLACE FUNCTION notify_staff_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP TRIGGER IF EXISTS staff_users_auth_change ON staff_users;
--> statement-breakpoint
CREATE TRIGGER staff_users_auth_change AFTER INSERT OR UPDATE OR DELETE ON staff_users
  FOR EACH ROW EXECUTE FUNCTION notify_staff_auth_change();
