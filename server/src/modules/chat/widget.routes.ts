import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seededText } from '@parley/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.js';
import { pageGreetings } from './chat.repo.js';
import { getWidgetSetting } from './chat.setting.js';

/** The widget's files: vanilla scripts and CSS beside the server, no build step, no framework. */
export const widgetDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../widget');

function read(name: string): string {
  return fs.readFileSync(path.join(widgetDir, name), 'utf8');
}

/**
 * The launcher as every host page downloads it: without its comment lines and indentation (it
 * stays readable in the repository and under its budget on the wire). Only whole lines go, and
 * widget.js has no string over several lines, so nothing the script says is changed.
 */
export function compactScript(source: string): string {
  return source
    .replace(/^[ \t]*\/\*(?:(?!\*\/)[\s\S])*\*\/[ \t]*\n/gm, '')
    .replace(/^[ \t]*\/\/.*\n/gm, '')
    .replace(/^[ \t]+/gm, '');
}

/**
 * `/widget.js` for any host page (a launcher button; the settings' colour and position are
 * written into it), and the chat window it opens in an iframe, `/widget/chat`, framed only by
 * the allowed host origins (the browser enforces `frame-ancestors`).
 */
export async function widgetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const launcher = compactScript(read('widget.js'));
  const page = read('chat.html');
  const files: Record<string, [string, string]> = {
    'chat.js': [read('chat.js'), 'text/javascript; charset=utf-8'],
    'chat.css': [read('chat.css'), 'text/css; charset=utf-8'],
    'socket.io.min.js': [
      fs.readFileSync(
        path.join(
          path.dirname(createRequire(import.meta.url).resolve('socket.io-client')),
          '../../dist/socket.io.min.js',
        ),
        'utf8',
      ),
      'text/javascript; charset=utf-8',
    ],
  };
  const publicAccess = { access: { kind: 'public' as const } };

  app.get('/widget.js', { config: publicAccess, schema: { hide: true } }, async (_request, reply) => {
    const [setting, greetings] = await Promise.all([getWidgetSetting(ctx.db), pageGreetings(ctx.db)]);
    // `<` escaped: a greeting's text cannot close a script element on the way.
    const config = JSON.stringify({
      color: setting.color,
      position: setting.position,
      // The launcher's name in either language: the host page's decides which (a default title is translated).
      titles: { en: seededText(setting.title, 'en'), 'zh-cn': seededText(setting.title, 'zh-cn') },
      greetings,
    }).replaceAll('<', '\\u003c');
    return reply
      .header('cache-control', 'public, max-age=60')
      .header('cross-origin-resource-policy', 'cross-origin')
      .type('text/javascript; charset=utf-8')
      .send(launcher.replace(/\/\*CONFIG\*\/\s*\{\}/, config));
  });

  app.get('/widget/chat', { config: publicAccess, schema: { hide: true } }, async (_request, reply) => {
    const setting = await getWidgetSetting(ctx.db);
    const ancestors = setting.allowed_origins.length ? setting.allowed_origins.join(' ') : '*';
    return framed(reply, ancestors).type('text/html; charset=utf-8').send(page);
  });

  app.get('/widget/:file', { config: publicAccess, schema: { hide: true } }, async (request, reply) => {
    const found = files[(request.params as { file: string }).file];
    if (!found) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', 'public, max-age=300').type(found[1]).send(found[0]);
  });
}

function framed(reply: FastifyReply, ancestors: string): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply
    .header('cache-control', 'no-cache')
    .header(
      'content-security-policy',
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self' ws: wss:",
        "object-src 'none'",
        "base-uri 'none'",
        `frame-ancestors ${ancestors}`,
      ].join('; '),
    );
}
