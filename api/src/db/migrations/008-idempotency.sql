-- Safe retries: the reply to a booking write sent with an Idempotency-Key, stored in the same
-- transaction as the write, so a retry with the same key gets that reply again and changes
-- nothing, on any process sharing the database. Keys are the client's, scoped to the account;
-- a key is honoured for 24 hours (older rows are taken over by a new request with that key).
CREATE TABLE idempotency_keys (
  account_id   text NOT NULL,
  key          text NOT NULL,
  request_hash text NOT NULL,
  status       integer NOT NULL,
  reply        text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
