#!/usr/bin/env bash
# Starts the machine's PostgreSQL (Debian's packages, installed when missing) and makes the role and the
# database the tests use on it. Prints the TEST_DATABASE_URL to export. Run as root (CI, a fresh machine).
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >/dev/null
fi
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
pg_lsclusters -h | grep -q "^$version main" || pg_createcluster "$version" main >/dev/null
pg_ctlcluster "$version" main start >/dev/null 2>&1 || true
su postgres -c "psql -q -v ON_ERROR_STOP=1" >/dev/null <<'SQL'
do $$ begin
  if not exists (select 1 from pg_roles where rolname = 'card_admin') then
    create role card_admin login password 'card_admin' createdb createrole;
  end if;
end $$;
-- A scratch database is dropped WITH (FORCE), which must also stop an autovacuum worker busy in it.
grant pg_signal_backend to card_admin;
select 'create database card_admin_test owner card_admin'
 where not exists (select 1 from pg_database where datname = 'card_admin_test')\gexec
SQL
echo "postgres://card_admin:card_admin@127.0.0.1:5432/card_admin_test"
