import {
  enums,
  languageCodes,
  languageNames,
  ZBrandingResponse,
  ZEnumsGetRequest,
  ZEnumsGetResponse,
  ZLanguagesResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { access } from '../../http/access.js';
import { defineGet, definePost } from '../../http/route.js';
import { getBranding } from './branding.repo.js';

const languages = { list: languageCodes.map((code) => ({ code, name: languageNames[code] })) };

export function homeRoutes(app: FastifyInstance, { db }: AppContext): void {
  defineGet(app, '/api/home/languages', {
    access: access.public,
    summary: 'Interface languages',
    tags: ['home'],
    output: ZLanguagesResponse,
    handler: async () => languages,
  });

  definePost(app, '/api/home/enums.get', {
    access: access.public,
    summary: 'Enum values with labels in the request language',
    tags: ['home'],
    input: ZEnumsGetRequest,
    output: ZEnumsGetResponse,
    handler: async ({ input, lang }) =>
      Object.fromEntries(
        input.enum_types.map((type) => {
          const def = enums[type];
          const labels = def.labels as Record<string, Record<typeof lang, string>>;
          return [type, def.values.map((value) => ({ value, label: labels[value]?.[lang] ?? value }))];
        }),
      ),
  });

  defineGet(app, '/api/home/setting/branding.get', {
    access: access.public,
    summary: 'Branding shown before sign-in (favicon, brand name)',
    tags: ['home'],
    output: ZBrandingResponse,
    handler: () => getBranding(db),
  });
}
