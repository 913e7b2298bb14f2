import { parseArgs } from 'node:util';
import { CreateStaffUserRequest } from '@domain/auth/administrators';
import { outbox, staffUsers } from '@server/db/schema';
import { issuePasswordLink } from '@server/modules/auth/password-links';
import { loadConfig } from '@server/platform/config';
import { openDatabase } from '@server/platform/db';
import { desc } from 'drizzle-orm';

// `npm run staff:create -- --email a@b.com --name "A B" --role developer [--directory users]`:
// the first administrator of a new (production) database. Queues a set-password email and
// prints the link, since there may be no mail server yet.
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
await database.db.transaction(async (tx) => {
  const [user] = await tx.insert(staffUsers).values(input).returning();
  await issuePasswordLink(tx, user!, 'set', config.publicUrl);
});
const [mail] = await database.db
  .select({ payload: outbox.payload })
  .from(outbox)
  .orderBy(desc(outbox.id))
  .limit(1);
await database.close();
console.log(
  `Created ${input.email} (${input.role}). Set-password link (valid 24 h): ${String(mail?.payload.url)}`,
);
