import { type Client, readClientSettings } from '@workbench/domain';
import type { Selectable } from 'kysely';
import type { ClientsTable } from '../../db/schema.js';
import { fileUrl } from '../../storage/file-storage.js';

export function presentClient(row: Selectable<ClientsTable>): Client {
  return {
    id: row.id,
    name: row.name,
    logo: fileUrl(row.logo),
    settings: readClientSettings(row.settings),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
