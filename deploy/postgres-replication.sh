#!/bin/sh
# Run once by the postgres image when it makes its data folder (/docker-entrypoint-initdb.d): a role the
# replica copies and streams with, a slot that keeps the WAL it has not received yet (a replica down for a
# while catches up instead of needing a new copy), and the pg_hba.conf line that lets it in.
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<SQL
create role replicator with replication login password '$REPLICATION_PASSWORD';
select pg_create_physical_replication_slot('replica1');
SQL
echo 'host replication replicator all scram-sha-256' >> "$PGDATA/pg_hba.conf"
