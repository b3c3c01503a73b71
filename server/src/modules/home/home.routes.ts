import { enums, homeOps, languageCodes, languageNames } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { define } from '../../http/route.js';
import { getBranding } from './branding.repo.js';

const languages = { list: languageCodes.map((code) => ({ code, name: languageNames[code] })) };

export function homeRoutes(app: FastifyInstance, { db }: AppContext): void {
  define(app, homeOps.languages, {
    handler: async () => languages,
  });

  define(app, homeOps.enums, {
    handler: async ({ input, lang }) =>
      Object.fromEntries(
        input.enum_types.map((type) => {
          const def = enums[type];
          const labels = def.labels as Record<string, Record<typeof lang, string>>;
          return [type, def.values.map((value) => ({ value, label: labels[value]?.[lang] ?? value }))];
        }),
      ),
  });

  define(app, homeOps.branding, {
    handler: () => getBranding(db),
  });
}
