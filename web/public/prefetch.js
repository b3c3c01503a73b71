// Starts a staff page's first data requests while the app's JavaScript is still on its way
// (issue 15). index.html runs this small script (deferred, so before the app's module and without
// holding up the page) and the app's API client takes each answer from `window.__parleyPrefetch`
// instead of asking again (web/src/api/prefetched.ts), once, when the address, body, token and
// language it would send are the same. Plain JavaScript with no imports: it must not wait for the
// bundle. It asks only what the page asks first: who is signed in, the nodes the menu is drawn
// from, the route guard's menu check,
// and for the ticket list its views and then the first page of the view the app opens (the
// address's, else the last chosen, else the first holding tickets); for a ticket, the ticket, its comments and its events;
// for both, the agents' and groups' names their rows and fields show. An answer the app does not
// take (it asked otherwise) is left unused; nothing depends on it.
(() => {
  const stored = (key, type = 'string') => {
    try {
      const raw = localStorage.getItem(`parley.${key}`);
      if (raw === null) {
        return null;
      }
      const item = JSON.parse(raw);
      if (typeof item.expires_at === 'number' && item.expires_at <= Date.now()) {
        return null;
      }
      return typeof item.value === type ? item.value : null;
    } catch {
      return null;
    }
  };
  const token = stored('token');
  const { pathname, search } = window.location;
  if (!token || !pathname.startsWith('/wswt') || pathname.startsWith('/wswt/login')) {
    return;
  }
  const language = stored('language');
  const list = [];
  window.__parleyPrefetch = list;

  const ask = (method, url, body) => {
    const headers = { Accept: 'application/json', Authorization: token };
    if (language) {
      headers.Language = language;
    }
    const text = body === undefined ? undefined : JSON.stringify(body);
    if (text !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    const response = fetch(`/api${url}`, { method, headers, body: text, credentials: 'same-origin' });
    // A failure is the app's to see: it gets the same rejection when it takes this answer.
    response.catch(() => {});
    list.push({ method, url, body: text, token, language, at: Date.now(), response });
    return response;
  };
  const menu = (node) => ask('POST', '/admin/auth.check', { node_value: node, node_type: 'menu' });
  // The names a ticket's row and page show for ids (assignee, group): useStaffNames.
  const names = () => {
    void ask('POST', '/admin/auth.agent.all.list', { need_admin: true });
    void ask('GET', '/admin/auth.group.list?offset=0&limit=100');
  };

  void ask('GET', '/admin/auth.my.info.get');
  // The side menu's and the buttons' nodes: every staff page draws its menu from them.
  void ask('POST', '/admin/auth.has.node.list', { node_types: ['menu', 'btn'] });
  const params = new URLSearchParams(search);
  const path = pathname.replace(/\/+$/, '') || '/';
  const ticket = /^\/wswt\/ticket\/edit\/(\d+)$/.exec(path);
  if (path === '/wswt') {
    void menu('/wswt');
    const views = ask('GET', '/admin/ticket.view.list');
    names();
    if (params.has('sort') || params.has('kw')) {
      return;
    }
    // The list's paging as useListParams reads it: sizes 10/20/50/100, 20 unless asked.
    const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
    const asked = Math.floor(Number(params.get('limit')));
    const limit = [10, 20, 50, 100].includes(asked) ? asked : 20;
    const viewId = Number(params.get('view_id'));
    const lastViewId = stored('last_view', 'number');
    views
      .then((res) => res.clone().json())
      .then((envelope) => {
        const all = envelope && envelope.code === '0000' && envelope.data ? envelope.data.list || [] : [];
        // The view the app opens (TicketListPage's openingView): the address's, the last chosen on
        // this device, the first holding tickets, the first.
        const view =
          all.find((v) => v.view_id === viewId) ||
          all.find((v) => v.view_id === lastViewId) ||
          all.find((v) => v.count > 0) ||
          all[0];
        if (view) {
          void ask('GET', `/admin/ticket.list?view_id=${view.view_id}&offset=${(page - 1) * limit}&limit=${limit}`);
        }
      })
      .catch(() => {});
  } else if (ticket) {
    void menu('/wswt/ticket/edit/:ticket_id');
    const id = ticket[1];
    void ask('GET', `/admin/ticket.get?ticket_id=${id}`);
    void ask('GET', `/admin/ticket.comment.list?ticket_id=${id}`);
    void ask('GET', `/admin/ticket.event.list?ticket_id=${id}`);
    names();
  } else if (path === '/wswt/search') {
    void menu('/wswt/search');
  }
})();
