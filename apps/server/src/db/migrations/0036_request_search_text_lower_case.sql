-- The request list's search text is kept in lower case (issue 32): the list matches it with LIKE
-- against the lower-cased term (list-spec `lowerCased`), which rechecks each of the trigram index's
-- candidates for about half what ILIKE costs, since ILIKE lower-cases every row it tests.
CREATE OR REPLACE FUNCTION "request_search_text"(text, integer, integer, integer) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(chr(31), $1,
    (SELECT u.first_name || ' ' || u.last_name FROM users u WHERE u.id = $2),
    (SELECT i.name FROM institutions i WHERE i.id = $3),
    (SELECT p.title FROM projects p WHERE p.id = $4)))
$$;--> statement-breakpoint
UPDATE "requests" SET "search_text" = lower("search_text") WHERE "search_text" <> lower("search_text");
