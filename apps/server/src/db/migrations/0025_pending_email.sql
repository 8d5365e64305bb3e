-- A new sign-in address waiting to be confirmed from its own mailbox (issue 29.1, decision 307):
-- the account keeps signing in, and receiving reset links, at its old address until then.
ALTER TABLE "users" ADD COLUMN "pending_email" text;
