import { parseArgs } from 'node:util';
import { CreateStaffUserRequest } from '@domain/auth/administrators';
import { staffUsers } from '@server/db/schema';
import { issuePasswordLink } from '@server/modules/auth/password-links';
import { loadConfig } from '@server/platform/config';
import { openDatabase } from '@server/platform/db';

// `npm run staff:create -- --email a@b.com --name "A B" --role developer [--directory users]`:
// the first administrator of a new (production) database. Queues a set-password email and
// prints the link, since there may be no mail server yet: whoever runs this on the server is the
// one the link is for (the Outbox screen only ever shows that a link was sent, ADR 017).
const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', default: 'developer' },
    directory: { type: 'string', default: 'users' },
    'promo-access': { type: 'boolean', default: true },
    'juno-access': { type: 'boolean', default: false },
  },
});
const input = CreateStaffUserRequest.parse({
  email: values.email,
  name: values.name,
  role: values.role,
  directory: values.directory,
  promoAccess: values['promo-access'],
  junoAccess: values['juno-access'],
});
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const link = await database.db.transaction(async (tx) => {
  const [user] = await tx.insert(staffUsers).values(input).returning();
  return issuePasswordLink(tx, user!, 'set', config.publicUrl);
});
await database.close();
console.log(`Created ${input.email} (${input.role}). Set-password link (valid 24 h): ${link?.reveal()}`);
