/* Parley chat widget launcher: one script tag on any page. A button in a shadow root (no styles leak
   in or out); the chat itself opens in an iframe served by Parley. */
(() => {
  const CONFIG = /*CONFIG*/ {};
  if (window.__parleyWidget) {
    return;
  }
  window.__parleyWidget = true;
  const script = document.currentScript;
  const base = new URL(script ? script.src : '/widget.js', location.href).origin;
  const color = CONFIG.color || '#1677ff';
  const storeKey = 'parley.chat.v1';
  const side = CONFIG.position === 'left' ? 'left' : 'right';
  // The snippet's data-lang, else the page's <html lang> (zh, zh-CN, zh-Hans: Chinese), else the browser's.
  const asked = (script?.getAttribute('data-lang') || document.documentElement.lang || '').trim();
  const zh = asked ? /^zh(-(cn|hans|sg)(-|$)|$)/i.test(asked) : /^zh/i.test(navigator.language || '');
  const lang = zh ? 'zh-cn' : 'en';
  const title = CONFIG.titles?.[lang] || CONFIG.title || 'Chat';
  const TEXT = {
    en: { close: 'Close', unread: (n) => (n === 1 ? '1 new message' : `${n} new messages`) },
    'zh-cn': { close: '关闭', unread: (n) => `${n} 条新消息` },
  }[lang];

  function mount() {
    const host = document.createElement('div');
    host.setAttribute('data-parley-widget', '');
    host.style.cssText = `position:fixed;bottom:0;${side}:0;z-index:2147483000;`;
    const root = host.attachShadow ? host.attachShadow({ mode: 'open' }) : host;
    const style = document.createElement('style');
    style.textContent =
      ':host{all:initial}' +
      '.btn{position:fixed;bottom:20px;' +
      side +
      ':20px;width:56px;height:56px;border-radius:50%;border:0;cursor:pointer;' +
      'background:' +
      color +
      ';color:#fff;box-shadow:0 4px 14px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;padding:0}' +
      '.btn:focus-visible{outline:3px solid #000;outline-offset:2px}' +
      '.btn svg{width:28px;height:28px;fill:#fff}' +
      '.badge{position:absolute;top:-2px;right:-2px;min-width:20px;height:20px;border-radius:10px;background:#ff4d4f;color:#fff;' +
      'font:600 12px/20px system-ui,sans-serif;text-align:center;padding:0 5px;box-sizing:border-box;display:none}' +
      '.frame{position:fixed;bottom:88px;' +
      side +
      ':20px;width:370px;height:560px;max-height:calc(100vh - 108px);max-width:calc(100vw - 40px);' +
      'border:0;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.25);background:#fff;display:none}' +
      '.open .frame{display:block}' +
      // A phone: the whole visual viewport (placed and sized by place()), the chat's own × to close it.
      '.full .frame{top:0;left:0;right:auto;bottom:auto;max-width:none;max-height:none;border-radius:0;box-shadow:none;transform-origin:0 0}' +
      '.full .btn{display:none}' +
      '.greet{position:fixed;bottom:86px;' +
      side +
      ':20px;max-width:260px;background:#fff;color:#1f1f1f;border-radius:12px;padding:10px 30px 10px 12px;' +
      'font:14px/1.45 system-ui,sans-serif;box-shadow:0 6px 20px rgba(0,0,0,.2);cursor:pointer;white-space:pre-wrap}' +
      '.greet .x{position:absolute;top:4px;right:6px;border:0;background:none;font-size:16px;cursor:pointer;color:#888}' +
      '.open .greet{display:none}' +
      // A touch screen: the greeting's close is a finger's 44px, in the bubble's corner.
      '@media (pointer:coarse){.greet{box-sizing:border-box;min-height:44px;padding-right:44px}' +
      '.greet .x{top:0;right:0;width:44px;height:44px;font-size:20px}}' +
      '.sr{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0,0,0,0);border:0}';
    root.appendChild(style);
    const wrap = document.createElement('div');
    const button = document.createElement('button');
    button.className = 'btn';
    button.type = 'button';
    button.setAttribute('aria-label', title);
    button.setAttribute('aria-expanded', 'false');
    button.title = title;
    button.innerHTML =
      '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H8l-5 4V5a2 2 0 0 1 2-2z"/></svg>';
    const badge = document.createElement('span');
    badge.className = 'badge';
    badge.setAttribute('aria-hidden', 'true');
    button.appendChild(badge);
    wrap.appendChild(button);
    // The unread count, said as it changes.
    const announce = document.createElement('span');
    announce.className = 'sr';
    announce.setAttribute('role', 'status');
    announce.setAttribute('aria-live', 'polite');
    wrap.appendChild(announce);
    root.appendChild(wrap);
    document.body.appendChild(host);

    let frame = null;
    let open = false;
    const viewport = window.visualViewport;
    const coarse = window.matchMedia ? window.matchMedia('(pointer: coarse)') : null;
    /**
     * What the visitor sees of the page, in the screen's own CSS pixels. A page without a viewport
     * tag is laid out about 980px wide and shown zoomed out (scale under 1), and a pinch zooms any
     * page in: the visual viewport's size times its scale is the screen's, whatever the page does.
     */
    function seen() {
      if (viewport) {
        return {
          scale: viewport.scale || 1,
          width: viewport.width * (viewport.scale || 1),
          height: viewport.height * (viewport.scale || 1),
          left: viewport.offsetLeft,
          top: viewport.offsetTop,
        };
      }
      const scale = screen.width && screen.width < window.innerWidth ? screen.width / window.innerWidth : 1;
      return { scale: scale, width: window.innerWidth * scale, height: window.innerHeight * scale, left: 0, top: 0 };
    }
    /**
     * Open on a phone (a narrow screen, or a touch screen turned on its side): the chat fills what
     * the visitor sees, laid out at the screen's own size, and follows the visual viewport as the
     * keyboard opens and closes. Elsewhere it is the card in the corner.
     */
    function place() {
      const v = seen();
      const full = open && (v.width <= 480 || (v.height <= 480 && !!coarse && coarse.matches));
      wrap.className = (open ? 'open' : '') + (full ? ' full' : '');
      if (!frame) {
        return;
      }
      const style = frame.style;
      if (full) {
        style.left = `${v.left}px`;
        style.top = `${v.top}px`;
        style.width = `${Math.round(v.width)}px`;
        style.height = `${Math.round(v.height)}px`;
        // Drawn at the page's zoom undone: the chat's 14px are the screen's 14px.
        style.transform = Math.abs(v.scale - 1) < 0.001 ? '' : `scale(${1 / v.scale})`;
      } else {
        style.left = style.top = style.width = style.height = style.transform = '';
      }
    }
    if (viewport) {
      viewport.addEventListener('resize', () => open && place());
      viewport.addEventListener('scroll', () => open && place());
    }
    window.addEventListener('resize', () => open && place());
    // Told to the chat window before it is ready: held until it is.
    let ready = false;
    const queued = [];
    function tell(message) {
      if (ready && frame?.contentWindow) {
        frame.contentWindow.postMessage(message, base);
      } else {
        queued.push(message);
      }
    }
    function toggle() {
      open = !open;
      if (open && !frame) {
        // Loaded on first open only: the host page pays for a button until then.
        frame = document.createElement('iframe');
        frame.className = 'frame';
        frame.title = title;
        frame.setAttribute('allow', 'clipboard-write');
        let stored = null;
        try {
          stored = localStorage.getItem(storeKey);
        } catch (_e) {
          stored = null;
        }
        frame.src = `${base}/widget/chat?page=${encodeURIComponent(location.href)}&lang=${lang}${stored ? `#t=${encodeURIComponent(stored)}` : ''}`;
        wrap.appendChild(frame);
      }
      place();
      button.setAttribute('aria-expanded', String(open));
      if (open) {
        badge.style.display = 'none';
        badge.textContent = '';
        announce.textContent = '';
      }
      tell({ parley: 'visible', open: open });
    }
    button.addEventListener('click', toggle);

    // Chat triggers: a page greeting shows after its delay on a page whose address matches (the first one only).
    const href = location.href;
    const greeting = (CONFIG.greetings || []).find((g) => !g.url_contains || href.indexOf(g.url_contains) !== -1);
    if (greeting) {
      setTimeout(
        () => {
          if (open) {
            return;
          }
          const bubble = document.createElement('div');
          bubble.className = 'greet';
          bubble.setAttribute('role', 'status');
          bubble.textContent = greeting.message;
          const close = document.createElement('button');
          close.type = 'button';
          close.className = 'x';
          close.textContent = '×';
          close.setAttribute('aria-label', TEXT.close);
          close.addEventListener('click', (e) => {
            e.stopPropagation();
            bubble.remove();
          });
          bubble.appendChild(close);
          bubble.addEventListener('click', () => {
            bubble.remove();
            if (!open) {
              toggle();
            }
          });
          wrap.appendChild(bubble);
        },
        Math.max(0, Number(greeting.delay_seconds) || 0) * 1000,
      );
    }
    window.addEventListener('message', (event) => {
      if (event.origin !== base || !event.data || typeof event.data.parley !== 'string') {
        return;
      }
      if (event.data.parley === 'ready') {
        if (frame && event.source === frame.contentWindow) {
          ready = true;
          queued.splice(0).forEach(tell);
        }
      } else if (event.data.parley === 'store') {
        try {
          if (event.data.value) {
            localStorage.setItem(storeKey, JSON.stringify(event.data.value));
          } else {
            localStorage.removeItem(storeKey);
          }
        } catch (_e) {
          /* the host page's storage is off: the chat lasts this page */
        }
      } else if (event.data.parley === 'close' && open) {
        // Closed from inside (its × or Escape): the keyboard goes on from the launcher.
        toggle();
        button.focus();
      } else if (event.data.parley === 'unread' && !open) {
        const n = Number(event.data.count) || 0;
        badge.textContent = n > 99 ? '99+' : String(n);
        badge.style.display = n > 0 ? 'block' : 'none';
        announce.textContent = n > 0 ? TEXT.unread(n) : '';
      }
    });
  }

  if (document.body) {
    mount();
  } else {
    document.addEventListener('DOMContentLoaded', mount);
  }
})();
