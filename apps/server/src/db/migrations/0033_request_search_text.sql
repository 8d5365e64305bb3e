ALTER TABLE "requests" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The request list's `search` in one trigram-indexed column (issue 32): the display name, the
-- owner's name, the institution's name and the project's title, joined by chr(31), a character no
-- term of a search holds (the list falls back to the fields one by one for a term that does). With
-- the public id's own index, two indexes answer what a union of five trigram matches answered. The
-- public id is a generated column, not yet computed when a BEFORE trigger runs.
-- Arguments: the display name, the owner's, the institution's and the project's ids.
CREATE FUNCTION "request_search_text"(text, integer, integer, integer) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT concat_ws(chr(31), $1,
    (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = $2),
    (SELECT i.name FROM institutions i WHERE i.id = $3),
    (SELECT p.title FROM projects p WHERE p.id = $4))
$$;--> statement-breakpoint
CREATE FUNCTION "requests_set_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := request_search_text(NEW.display_name, NEW.owner_id, NEW.institution_id, NEW.project_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "requests_search_text" BEFORE INSERT OR UPDATE OF "display_name", "owner_id", "institution_id", "project_id" ON "requests"
  FOR EACH ROW EXECUTE FUNCTION "requests_set_search_text"();--> statement-breakpoint
-- A renamed owner, institution or project rewrites its requests' search text.
CREATE FUNCTION "requests_refresh_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- One statement per table, so that each walks its own index of requests.
  IF TG_TABLE_NAME = 'users' THEN
    UPDATE requests r SET search_text = request_search_text(r.display_name, r.owner_id, r.institution_id, r.project_id)
      WHERE r.owner_id = NEW.id;
  ELSIF TG_TABLE_NAME = 'institutions' THEN
    UPDATE requests r SET search_text = request_search_text(r.display_name, r.owner_id, r.institution_id, r.project_id)
      WHERE r.institution_id = NEW.id;
  ELSE
    UPDATE requests r SET search_text = request_search_text(r.display_name, r.owner_id, r.institution_id, r.project_id)
      WHERE r.project_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_request_search_text" AFTER UPDATE OF "first_name", "last_name" ON "users"
  FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
  EXECUTE FUNCTION "requests_refresh_search_text"();--> statement-breakpoint
CREATE TRIGGER "institutions_request_search_text" AFTER UPDATE OF "name" ON "institutions"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION "requests_refresh_search_text"();--> statement-breakpoint
CREATE TRIGGER "projects_request_search_text" AFTER UPDATE OF "title" ON "projects"
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION "requests_refresh_search_text"();--> statement-breakpoint
UPDATE "requests" SET "search_text" = request_search_text("display_name", "owner_id", "institution_id", "project_id");--> statement-breakpoint
CREATE INDEX "requests_search_text_trgm" ON "requests" USING gin ("search_text" gin_trgm_ops);
