// Imported first by every entry (the store, `npm run worker`, the admin command line): whatever the process creates
// from here on (database files, originals, selfies, backups, the signing secret) is its own user's only. A runner's
// phone, e-mail and face descriptor are in those files.
process.umask(0o077);
