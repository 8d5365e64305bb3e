-- A type's requests in some statuses, counted from the index alone (issue 32): the Research Match
-- review centre's and the ABN dashboard's counts read 2,800 of 200,000 requests through a BitmapAnd of
-- the type's 15,800 and the statuses' 36,000 index entries and 2,400 heap pages.
CREATE INDEX "requests_type_status_idx" ON "requests" USING btree ("type_id","status_id");