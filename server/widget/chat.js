/* Parley chat window (served at /widget/chat inside the launcher's iframe). Vanilla, no build. */
(() => {
  const params = new URLSearchParams(location.search);
  const pageUrl = (params.get('page') || document.referrer || '').slice(0, 2000);
  const lang = /^zh/i.test(params.get('lang') || navigator.language || '') ? 'zh-cn' : 'en';
  const TEXT = {
    en: {
      online: 'We are online',
      offline: 'Offline',
      loading: 'Loading…',
      start: 'Start chat',
      name: 'Name',
      email: 'Email',
      send: 'Send',
      placeholder: 'Type a message…',
      end: 'End chat',
      endAsk: 'End this chat?',
      yes: 'Yes, end chat',
      no: 'No, keep chatting',
      ended: 'The chat has ended',
      joined: '{name} joined the chat',
      agentOffline: '{name} has gone offline. Your messages are kept, and you will be answered as soon as possible.',
      agentBack: '{name} is back online',
      offlineStatus: '{name} (offline)',
      typing: '{name} is typing…',
      agent: 'Agent',
      you: 'You',
      rateAsk: 'How was this chat?',
      good: 'Good',
      bad: 'Bad',
      thanks: 'Thank you for your rating',
      newChat: 'Start a new chat',
      leave: 'Nobody is available right now. Leave a message and we will reply by email.',
      subject: 'Subject',
      message: 'Message',
      submit: 'Send message',
      left: 'Thank you! We will reply by email.',
      another: 'Leave another message',
      nobody: 'Nobody is available right now. Please come back later.',
      emailFormat: 'Incorrect mailbox format',
      requiredName: 'Name is required',
      requiredEmail: 'Email is required',
      requiredSubject: 'Subject is required',
      requiredMessage: 'Message is required',
      answer: 'Please answer this question',
      choose: 'Please choose an answer',
      requiredMark: 'required',
      retry: 'Not sent. Tap to retry',
      attach: 'Attach a file',
      tooBig: 'File size cannot exceed 20M',
      waiting: 'Waiting for an agent…',
      failed: 'Something went wrong; please try again',
      close: 'Close',
      file: 'Attachment',
      download: 'Download {name}',
      downloadFailed: 'The file could not be downloaded; please try again',
      closed: 'We are closed right now. Leave a message and we will reply by email.',
      closedStatus: 'Closed',
      auto: 'Automatic reply',
    },
    'zh-cn': {
      online: '客服在线',
      offline: '离线',
      loading: '加载中…',
      start: '开始对话',
      name: '姓名',
      email: '邮箱',
      send: '发送',
      placeholder: '输入消息…',
      end: '结束对话',
      endAsk: '结束此对话？',
      yes: '是，结束对话',
      no: '否，继续对话',
      ended: '对话已结束',
      joined: '{name} 已加入对话',
      agentOffline: '{name} 已离线。您的消息已保存，我们会尽快回复您。',
      agentBack: '{name} 已重新上线',
      offlineStatus: '{name}（离线）',
      typing: '{name} 正在输入…',
      agent: '客服',
      you: '我',
      rateAsk: '您对本次对话满意吗？',
      good: '满意',
      bad: '不满意',
      thanks: '感谢您的评价',
      newChat: '开始新的对话',
      leave: '当前没有客服在线。请留言，我们会通过邮件回复您。',
      subject: '主题',
      message: '留言',
      submit: '提交留言',
      left: '谢谢！我们会通过邮件回复您。',
      another: '继续留言',
      nobody: '当前没有客服在线，请稍后再来。',
      emailFormat: '邮箱格式不正确',
      requiredName: '请输入姓名',
      requiredEmail: '请输入邮箱',
      requiredSubject: '请输入主题',
      requiredMessage: '请输入留言',
      answer: '请回答此问题',
      choose: '请选择一项',
      requiredMark: '必填',
      retry: '发送失败，点击重试',
      attach: '添加附件',
      tooBig: '文件大小不能超过 20M',
      waiting: '正在等待客服接入…',
      failed: '出错了，请重试',
      close: '关闭',
      file: '附件',
      download: '下载 {name}',
      downloadFailed: '文件下载失败，请重试',
      closed: '当前不在服务时间。请留言，我们会通过邮件回复您。',
      closedStatus: '休息中',
      auto: '自动回复',
    },
  };
  function t(key, vars) {
    let s = TEXT[lang][key] || TEXT.en[key] || key;
    Object.keys(vars || {}).forEach((k) => {
      s = s.replace(`{${k}}`, vars[k]);
    });
    return s;
  }
  const CLIP_SVG =
    '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M16.5 6.5v10a4.5 4.5 0 0 1-9 0V5a3 3 0 0 1 6 0v10.5a1.5 1.5 0 0 1-3 0V6.5H9v9a3 3 0 0 0 6 0V5a4.5 4.5 0 0 0-9 0v11.5a6 6 0 0 0 12 0v-10h-1.5z"/></svg>';
  const EMAIL = /^[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
  const STORE = 'parley.chat.v1';
  const body = document.getElementById('body');
  const foot = document.getElementById('foot');
  const statusEl = document.getElementById('status');
  document.documentElement.lang = lang;
  document.getElementById('close').setAttribute('aria-label', t('close'));
  document.getElementById('close').onclick = () => {
    parent.postMessage({ parley: 'close' }, '*');
  };
  // Escape closes the window, as any dialog does (the launcher takes the focus back).
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && !e.defaultPrevented) {
      parent.postMessage({ parley: 'close' }, '*');
    }
  });

  let widget = null;
  let chat = null; // { token, ticketId, lastId, seen, socket, ended, agentName }
  /** The name and email the visitor last gave (kept with the chat): a new chat asks them pre-filled. */
  let known = { name: '', email: '' };
  let visible = true;
  let unread = 0;
  /**
   * The chat events the socket has brought: an answer asked for before one is older than it, and
   * its agent state is not applied over the event's (a reconnect's resync answered after the agent
   * went offline put "back online" under "gone offline").
   */
  let chatEvents = 0;
  window.addEventListener('message', (e) => {
    if (e.data && e.data.parley === 'visible') {
      visible = !!e.data.open;
      if (visible) {
        unread = 0;
        report();
      }
    }
  });
  function report() {
    parent.postMessage({ parley: 'unread', count: unread }, '*');
  }
  // The launcher holds what it says to this window until now (it is lost before this listens).
  parent.postMessage({ parley: 'ready' }, '*');

  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.keys(attrs || {}).forEach((k) => {
      if (k === 'text') {
        node.textContent = attrs[k];
      } else if (k.slice(0, 2) === 'on') {
        node[k] = attrs[k];
      } else {
        node.setAttribute(k, attrs[k]);
      }
    });
    (children || []).forEach((c) => {
      if (c) {
        node.appendChild(c);
      }
    });
    return node;
  }
  /** Focus fell to the page's start (what had it was redrawn away) while the visitor is in this window. */
  function lost() {
    return document.hasFocus() && (!document.activeElement || document.activeElement === document.body);
  }
  function clear(node) {
    while (node.firstChild) {
      node.removeChild(node.firstChild);
    }
  }

  // ---- form fields: each says what is wrong with it, under it --------------------------------
  /**
   * A field's label; one that must be filled has a star (the ear hears `aria-required` on a text
   * box, or the word itself on a group of choices, which cannot carry it).
   */
  function fieldLabel(attrs, text, required, group) {
    const label = el('label', attrs, [document.createTextNode(text)]);
    if (required) {
      label.appendChild(el('span', { class: 'req', 'aria-hidden': 'true', text: '*' }));
      if (group) {
        label.appendChild(el('span', { class: 'sr', text: ` (${t('requiredMark')})` }));
      }
    }
    return label;
  }
  /**
   * A field: its label, its control(s), and a line under them for what is wrong with it, which each
   * control names as its description. `key` names the field for `mark` (its control's id).
   */
  function formField(key, label, controls, required) {
    const note = el('div', { class: 'field-err', id: `${key}-err` });
    controls.forEach((c) => {
      c.setAttribute('aria-describedby', note.id);
      if (required && c.tagName !== 'BUTTON') {
        c.setAttribute('aria-required', 'true');
      }
    });
    return el('div', { class: 'field', 'data-field': key }, [label].concat(controls, [note]));
  }
  function fieldBox(key) {
    return body.querySelector(`[data-field="${key}"]`);
  }
  /** Says at the field what is wrong with it (nothing: it is right now). */
  function mark(key, message) {
    const box = fieldBox(key);
    if (!box) {
      return;
    }
    box.querySelector('.field-err').textContent = message || '';
    box.classList.toggle('invalid', !!message);
    const controls = box.getAttribute('role') === 'group' ? [box] : box.querySelectorAll('input, textarea');
    Array.prototype.forEach.call(controls, (c) => {
      if (message) {
        c.setAttribute('aria-invalid', 'true');
      } else {
        c.removeAttribute('aria-invalid');
      }
    });
  }
  /** Scrolls the window's body (never the host page) until `node` is in view, its top first. */
  function reveal(node) {
    const view = body.getBoundingClientRect();
    const r = node.getBoundingClientRect();
    if (r.top < view.top || r.bottom > view.bottom) {
      body.scrollTop += r.top - view.top - 8;
    }
  }
  /**
   * Marks each field in `problems` ([key, message], in the form's order) and takes the visitor to
   * the first: the keyboard on it, and it in view (on a phone the form is taller than the window).
   */
  function showProblems(problems) {
    problems.forEach((p) => {
      mark(p[0], p[1]);
    });
    const box = problems.length && fieldBox(problems[0][0]);
    if (box) {
      const control = box.querySelector('input, textarea, button');
      if (control) {
        control.focus({ preventScroll: true });
      }
      reveal(box);
    }
  }
  /** The server's word on each field it refused (the contract's `fields`), or none. */
  function refusedFields(e) {
    return e?.envelope?.data?.fields || {};
  }

  function api(method, path, data) {
    let url = `/api/home/${path}`;
    const init = { method: method, headers: { Language: lang } };
    if (method === 'GET' && data) {
      url += `?${new URLSearchParams(data).toString()}`;
    } else if (data instanceof FormData) {
      init.body = data;
    } else if (data) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(data);
    }
    return fetch(url, init)
      .then((res) => res.json())
      .then((env) => {
        if (env.code !== '0000') {
          const err = new Error(env.msg);
          err.envelope = env;
          throw err;
        }
        return env.data;
      });
  }

  // The chat's key lives in the host page's storage (the launcher keeps it and hands it over in
  // the address's fragment, never sent to a server): a framed page's own storage is partitioned
  // or blocked by some browsers. This frame's storage is the fallback.
  const handed = /(?:^#|&)t=([^&]+)/.exec(location.hash);
  function saved() {
    if (handed) {
      try {
        return JSON.parse(decodeURIComponent(handed[1]));
      } catch (_e) {
        return null;
      }
    }
    try {
      return JSON.parse(localStorage.getItem(STORE) || 'null');
    } catch (_e) {
      return null;
    }
  }
  function save(value) {
    parent.postMessage({ parley: 'store', value: value || null }, '*');
    try {
      if (value) {
        localStorage.setItem(STORE, JSON.stringify(value));
      } else {
        localStorage.removeItem(STORE);
      }
    } catch (_e) {
      /* storage off: the launcher's copy is the one */
    }
  }

  // ---- start -------------------------------------------------------------------------------
  function boot() {
    body.appendChild(el('div', { class: 'sys', text: t('loading') }));
    api('GET', 'chat.widget.get').then(
      (w) => {
        widget = w;
        document.documentElement.style.setProperty('--brand', w.setting.color);
        document.getElementById('title').textContent = w.setting.title;
        statusEl.textContent = w.online ? t('online') : w.closed ? t('closedStatus') : t('offline');
        const stored = saved();
        if (stored?.token) {
          resume(stored);
        } else if (!w.online) {
          offline();
        } else {
          preChat();
        }
      },
      () => {
        clear(body);
        body.appendChild(el('div', { class: 'sys', role: 'alert', text: t('failed') }));
      },
    );
  }

  // ---- pre-chat questions --------------------------------------------------------------------
  function preChat() {
    const answers = {}; // question_id -> { choice_id, text }
    const questions = widget.questions;
    // What the visitor typed, kept while the form is redrawn (a choice, a refused start).
    const typed = { name: known.name, email: known.email };
    // What is wrong with each field (by its key), said under it until it is put right.
    let problems = {};
    function visibleQuestions() {
      const shown = [];
      for (let i = 0; i < questions.length; i++) {
        const q = questions[i];
        if (q.rule_question_id === null) {
          shown.push(q);
          continue;
        }
        const a = answers[q.rule_question_id];
        const parentShown = shown.some((s) => s.question_id === q.rule_question_id);
        if (parentShown && a && a.choice_id === q.rule_choice_id) {
          shown.push(q);
        }
      }
      return shown;
    }
    let refocus = null;
    function render() {
      draw();
      // A choice redraws the form: the keyboard stays on that choice, or goes to the form's first control.
      const next = (refocus && body.querySelector(refocus)) || body.querySelector('input, button');
      refocus = null;
      if (next && lost()) {
        next.focus();
      }
    }
    function draw() {
      clear(body);
      clear(foot);
      const card = el('div', { class: 'card' }, [el('h2', { text: widget.setting.greeting })]);
      const shown = visibleQuestions();
      let stop = null;
      let needInfo = false;
      for (let i = 0; i < shown.length; i++) {
        const q = shown[i];
        if (q.need_submit_user_info) {
          needInfo = true;
        }
        card.appendChild(question(q));
        // A question that ends the chat is asked like any other; once answered, its message is the
        // visitor's last word here. Nothing after it is asked.
        if (q.end_live_chat) {
          if (answered(q)) {
            stop = q;
          }
          break;
        }
      }
      body.appendChild(card);
      if (stop) {
        body.appendChild(
          el('div', { class: 'card', 'data-end': '' }, [el('p', { text: stop.end_live_message || t('ended') })]),
        );
        return;
      }
      const name = el('input', { type: 'text', id: 'pc-name', autocomplete: 'name', maxlength: '100' });
      const email = el('input', { type: 'email', id: 'pc-email', autocomplete: 'email', maxlength: '254' });
      name.value = typed.name;
      email.value = typed.email;
      [
        [name, 'name'],
        [email, 'email'],
      ].forEach((f) => {
        f[0].oninput = () => {
          typed[f[1]] = f[0].value;
          delete problems[f[0].id];
          mark(f[0].id, '');
        };
      });
      // Above the button, not after the questions: on a phone they can be taller than the window.
      // Only what is wrong with no field (the server's refusal of the chat) is said here.
      const err = el('div', { class: 'err', role: 'alert' });
      if (needInfo) {
        card.appendChild(formField('pc-name', fieldLabel({ for: 'pc-name' }, t('name')), [name], false));
        card.appendChild(formField('pc-email', fieldLabel({ for: 'pc-email' }, t('email'), true), [email], true));
      }
      Object.keys(problems).forEach((key) => {
        mark(key, problems[key]);
      });
      const startButton = el('button', { type: 'button', class: 'primary', text: t('start') });
      startButton.onclick = () => {
        err.textContent = '';
        const ending = shown.find((q) => q.end_live_chat && answered(q));
        if (ending) {
          // A typed answer to a question that ends the chat: its message, not a chat.
          render();
          return;
        }
        const found = [];
        shown.forEach((q) => {
          if (!answered(q)) {
            found.push([`pq-${q.question_id}`, t(q.answers.length ? 'choose' : 'answer')]);
          }
        });
        if (needInfo && !email.value.trim()) {
          found.push(['pc-email', t('requiredEmail')]);
        } else if (needInfo && !EMAIL.test(email.value.trim())) {
          found.push(['pc-email', t('emailFormat')]);
        }
        if (found.length) {
          refuse(found);
          return;
        }
        startButton.disabled = true;
        const list = shown.map((q) => {
          const a = answers[q.question_id];
          return { question_id: q.question_id, choice_id: a.choice_id, text: a.text };
        });
        const req = { real_name: name.value.trim(), answers: list, page_url: pageUrl };
        if (needInfo) {
          req.email = email.value.trim();
        }
        api('POST', 'chat.start', req).then(
          (d) => {
            const value = {
              token: d.visitor_token,
              ticketId: d.ticket_id,
              name: req.real_name,
              email: req.email || '',
            };
            save(value);
            resume(value);
          },
          (e) => {
            startButton.disabled = false;
            // The server's word on a field goes under that field: `answers.2…` is the third question shown.
            const refused = refusedFields(e);
            const found = [];
            Object.keys(refused).forEach((k) => {
              const at = /^answers(?:\.(\d+))?/.exec(k);
              const q = at && shown[Number(at[1] || 0)];
              const key = k === 'real_name' ? 'pc-name' : k === 'email' ? 'pc-email' : q ? `pq-${q.question_id}` : null;
              if (key && fieldBox(key)) {
                found.push([key, refused[k]]);
              }
            });
            if (found.length) {
              refuse(found);
            } else {
              err.textContent = e.message;
            }
            // Closed meanwhile (business hours) or nobody left online: offer the message form.
            api('GET', 'chat.widget.get').then(
              (w) => {
                if (w.closed || !w.online) {
                  widget = w;
                  offline();
                }
              },
              () => {},
            );
          },
        );
      };
      foot.appendChild(err);
      foot.appendChild(startButton);
    }
    /** Redrawn with each field's problem under it, the first one gone to. */
    function refuse(found) {
      problems = {};
      found.forEach((p) => {
        problems[p[0]] ??= p[1];
      });
      draw();
      const order = Array.prototype.map.call(body.querySelectorAll('[data-field]'), (b) =>
        b.getAttribute('data-field'),
      );
      showProblems(order.filter((key) => problems[key]).map((key) => [key, problems[key]]));
    }
    function answered(q) {
      const a = answers[q.question_id];
      return !!a && (a.choice_id !== null || !!a.text.trim());
    }
    function question(q) {
      const id = `pq-${q.question_id}`;
      const group = q.answers.length > 0;
      // A typed answer is named by its question; choices are a group the question names. Every
      // question shown must be answered.
      const label = fieldLabel(group ? { id: `${id}-label` } : { for: id }, q.title, true, group);
      const a = answers[q.question_id];
      const controls = [];
      if (group) {
        q.answers.forEach((c) => {
          const b = el('button', {
            type: 'button',
            class: 'choice',
            'aria-pressed': String(!!a && a.choice_id === c.choice_id),
            text: c.text,
          });
          b.setAttribute('data-choice', String(c.choice_id));
          b.onclick = () => {
            answers[q.question_id] = { choice_id: c.choice_id, text: c.text };
            delete problems[id];
            refocus = `[data-question="${q.question_id}"] [data-choice="${c.choice_id}"]`;
            render();
          };
          controls.push(b);
        });
      } else {
        const input = el('input', { type: 'text', id: id, maxlength: '1000' });
        input.value = a ? a.text : '';
        input.oninput = () => {
          answers[q.question_id] = { choice_id: null, text: input.value };
          delete problems[id];
          mark(id, '');
        };
        controls.push(input);
      }
      const box = formField(id, label, controls, true);
      box.setAttribute('data-question', String(q.question_id));
      if (group) {
        box.setAttribute('role', 'group');
        box.setAttribute('aria-labelledby', `${id}-label`);
      }
      return box;
    }
    render();
  }

  // ---- offline: leave a message (an ordinary ticket) ------------------------------------------
  function offline() {
    clear(body);
    clear(foot);
    // Outside business hours the widget always offers to leave a message.
    if (widget.setting.offline_behavior !== 'leave_message' && !widget.closed) {
      body.appendChild(el('div', { class: 'card' }, [el('p', { text: t('nobody') })]));
      return;
    }
    const fields = {};
    const missing = {};
    const card = el('div', { class: 'card' }, [el('p', { text: widget.closed ? t('closed') : t('leave') })]);
    // Every one must be filled: the message becomes a ticket, answered by email.
    [
      ['real_name', 'name', 'input', 'requiredName', 'name'],
      ['email', 'email', 'input', 'requiredEmail', 'email'],
      ['subject', 'subject', 'input', 'requiredSubject'],
      ['description', 'message', 'textarea', 'requiredMessage'],
    ].forEach((f) => {
      const id = `lm-${f[0]}`;
      const attrs = f[2] === 'input' ? { type: f[0] === 'email' ? 'email' : 'text', id: id } : { rows: '4', id: id };
      if (f[4]) {
        attrs.autocomplete = f[4];
      }
      const input = el(f[2], attrs);
      input.oninput = () => {
        mark(id, '');
      };
      fields[f[0]] = input;
      missing[f[0]] = t(f[3]);
      card.appendChild(formField(id, fieldLabel({ for: id }, t(f[1]), true), [input], true));
    });
    body.appendChild(card);
    // Above the button, not after the fields: on a phone the form is taller than the window. Only
    // what is wrong with no field (too many messages, a refused address) is said here.
    const err = el('div', { class: 'err', role: 'alert' });
    const submit = el('button', { type: 'button', class: 'primary', text: t('submit') });
    submit.onclick = () => {
      err.textContent = '';
      const v = { source: 'chat' };
      const found = [];
      Object.keys(fields).forEach((k) => {
        v[k] = fields[k].value.trim();
        mark(`lm-${k}`, '');
        if (!v[k]) {
          found.push([`lm-${k}`, missing[k]]);
        } else if (k === 'email' && !EMAIL.test(v.email)) {
          found.push([`lm-${k}`, t('emailFormat')]);
        }
      });
      if (found.length) {
        showProblems(found);
        return;
      }
      submit.disabled = true;
      // Left in the chat: no ticket form applies, so no field it requires can hold it back.
      api('POST', 'ticket.add', v).then(
        () => {
          clear(body);
          clear(foot);
          body.appendChild(el('div', { class: 'card', role: 'status' }, [el('p', { text: t('left') })]));
          const another = el('button', { type: 'button', class: 'link', text: t('another') });
          another.onclick = offline;
          foot.appendChild(another);
        },
        (e) => {
          submit.disabled = false;
          // The server's word on a field goes under that field (in the form's order).
          const refused = refusedFields(e);
          const found = Object.keys(fields)
            .filter((k) => refused[k])
            .map((k) => [`lm-${k}`, refused[k]]);
          if (found.length) {
            showProblems(found);
          } else {
            err.textContent = e.message;
          }
        },
      );
    };
    foot.appendChild(err);
    foot.appendChild(submit);
  }

  // ---- the conversation ----------------------------------------------------------------------
  let list,
    typingEl,
    input,
    sendButton,
    sending = false;
  function resume(stored) {
    if (stored.email || stored.name) {
      known = { name: stored.name || '', email: stored.email || '' };
    }
    chat = {
      token: stored.token,
      ticketId: stored.ticketId,
      lastId: 0,
      seen: {},
      pending: {},
      /** Messages that did not go (no connection), oldest first: each resends itself. */
      failed: [],
      /** Messages written while one was on its way: shown at once, sent in turn after it. */
      queued: [],
      ended: false,
      agentName: null,
      agentOffline: false,
      hadAgent: false,
      /** Agents whose "joined the chat" line is shown, and the last such line (live or from the history). */
      joined: {},
      lastJoined: null,
    };
    clear(body);
    clear(foot);
    // The one live region: new messages and status lines are said, a redrawn form is not (the
    // window's body is not live). Quiet until the history is in, so a reopened chat is not read out.
    list = el('div', { class: 'list', role: 'log', 'aria-live': 'off' });
    body.appendChild(list);
    list.appendChild(el('div', { class: 'msg' }, [el('div', { class: 'bubble', text: widget.setting.greeting })]));
    typingEl = el('div', { class: 'typing', 'aria-live': 'polite' });
    input = el('textarea', {
      rows: '2',
      placeholder: t('placeholder'),
      'aria-label': t('placeholder'),
      maxlength: '10000',
    });
    sendButton = el('button', { type: 'button', class: 'primary', text: t('send') });
    // `hidden`, not a style attribute: the page's CSP allows no inline styles.
    const fileInput = el('input', { type: 'file', hidden: '' });
    const attach = el('button', {
      type: 'button',
      class: 'link attach',
      title: t('attach'),
      'aria-label': t('attach'),
    });
    attach.innerHTML = CLIP_SVG;
    attach.onclick = () => {
      fileInput.click();
    };
    fileInput.onchange = () => {
      const f = fileInput.files?.[0];
      fileInput.value = '';
      if (f) {
        upload(f);
      }
    };
    const end = el('button', { type: 'button', class: 'link', text: t('end') });
    // An ended chat cannot be taken up again, and the button sits under the message box: asked
    // first, as the agent is. Two whole buttons a thumb can tell apart, the one that ends red and
    // last; the keyboard starts on the one that keeps the chat, and Escape means No.
    const no = el('button', { type: 'button', class: 'secondary', text: t('no') });
    const yes = el('button', { type: 'button', class: 'danger', text: t('yes') });
    const ask = el('div', { class: 'ask', role: 'group', 'aria-labelledby': 'end-ask', hidden: '' }, [
      el('p', { id: 'end-ask', class: 'ask-q', text: t('endAsk') }),
      el('div', { class: 'ask-buttons' }, [no, yes]),
    ]);
    end.onclick = () => {
      end.hidden = true;
      ask.hidden = false;
      no.focus();
    };
    no.onclick = () => {
      ask.hidden = true;
      end.hidden = false;
      end.focus();
    };
    ask.onkeydown = (e) => {
      if (e.key === 'Escape') {
        // Not the window's Escape (which closes it): only the question is taken back.
        e.preventDefault();
        no.click();
      }
    };
    yes.onclick = () => {
      yes.disabled = true;
      api('POST', 'chat.end', { visitor_token: chat.token }).catch(() => {
        yes.disabled = false;
      });
    };
    foot.appendChild(typingEl);
    foot.appendChild(el('div', { class: 'row' }, [input, sendButton]));
    foot.appendChild(el('div', { class: 'row' }, [attach, fileInput, end]));
    foot.appendChild(ask);
    sendButton.onclick = () => {
      send(input.value, []);
      // The button is busy while the message goes: the keyboard goes on writing.
      input.focus();
    };
    let typingTimer = null,
      typingSent = false;
    input.onkeydown = (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        send(input.value, []);
      }
    };
    input.oninput = () => {
      if (!chat.socket) {
        return;
      }
      if (!typingSent) {
        chat.socket.emit('typing', { typing: true });
        typingSent = true;
      }
      clearTimeout(typingTimer);
      typingTimer = setTimeout(() => {
        chat.socket.emit('typing', { typing: false });
        typingSent = false;
      }, 2000);
    };
    if (lost()) {
      input.focus();
    }
    api('GET', 'chat.get', { visitor_token: chat.token }).then(
      (info) => {
        chat.agentName = info.agent_name;
        chat.hadAgent = chat.hadAgent || !!info.agent_name;
        statusEl.textContent = agentStatus(info.agent_name, info.agent_offline);
        if (info.ended) {
          chat.ended = true;
        }
        const eventsBefore = chatEvents;
        connect();
        void catchUp().then(() => {
          // Reopened: the agent who has the chat and has not written yet joined all the same.
          if (info.agent_name && !chat.ended && !chat.joined[info.agent_name]) {
            joinedLine(info.agent_name, info.accepted_ts);
          }
          // …and gone offline since: said below the history, as it was before the reload (unless
          // an event since said what happened after).
          if (info.agent_name && info.agent_offline && !chat.ended && chatEvents === eventsBefore) {
            agentPresence(info.agent_name, true);
          }
          list.setAttribute('aria-live', 'polite');
          if (chat.ended) {
            showEnded(info.satisfaction);
          }
        });
      },
      (e) => {
        if (e.envelope && e.envelope.code === '0401') {
          save(null);
          chat = null;
          boot2();
        }
      },
    );
  }
  function boot2() {
    clear(body);
    clear(foot);
    if (widget.online) {
      preChat();
    } else {
      offline();
    }
  }

  function connect() {
    const socket = io({
      path: '/api/socket.io',
      auth: { visitor_token: chat.token, language: lang },
      transports: ['websocket'],
    });
    chat.socket = socket;
    socket.on('connect', () => {
      // What was missed, then what did not go while the connection was down, in order; then
      // what the agent did meanwhile (a join or a leave is not kept for a socket not listening).
      void catchUp().then(() => {
        resendFailed();
        resync();
      });
    });
    // Back online with the socket never dropped (a short loss): send what did not go.
    window.addEventListener('online', () => {
      if (chat.socket === socket) {
        resendFailed();
      }
    });
    socket.on('disconnect', (reason) => {
      // A server stopping asks its clients to go: come back (to another process) a moment later.
      if (reason === 'io server disconnect' && !chat.ended) {
        setTimeout(() => socket.connect(), 1000 + Math.random() * 2000);
      }
    });
    socket.on('chat_message', (m) => {
      if (m.ticket_id === chat.ticketId) {
        show(m);
      }
    });
    socket.on('typing', (e) => {
      typingEl.textContent = e.typing ? t('typing', { name: chat.agentName || t('agent') }) : '';
    });
    socket.on('chat_event', (e) => {
      chatEvents += 1;
      if (e.type === 'agent_joined') {
        agentJoined(e.agent_name);
      } else if (e.type === 'agent_offline' || e.type === 'agent_online') {
        agentPresence(e.agent_name, e.type === 'agent_offline');
      } else if (e.type === 'queued') {
        // Handed back to a group's queue: nobody has the chat until an agent takes it.
        chat.agentName = null;
        chat.agentOffline = false;
        typingEl.textContent = '';
        statusEl.textContent = t('waiting');
        list.appendChild(el('div', { class: 'sys', text: t('waiting') }));
        scroll();
      }
    });
  }

  /** What was missed while away: messages after the last one shown (duplicates are dropped by id). */
  function catchUp() {
    return api('GET', 'chat.message.list', { visitor_token: chat.token, after_message_id: String(chat.lastId) }).then(
      (d) => {
        d.list.forEach(show);
      },
      () => {},
    );
  }

  function agentJoined(name) {
    chat.agentName = name;
    chat.agentOffline = false;
    chat.hadAgent = true;
    statusEl.textContent = name;
    // Not twice in a row: their first message may have come (and said so) before the event.
    if (chat.lastJoined !== name) {
      joinedLine(name);
    }
    scroll();
  }

  /** The agent who has the chat left (or came back): the chat stays theirs. */
  function agentPresence(name, offline) {
    // The header follows the latest word (a reopened chat's header came from its first answer)…
    statusEl.textContent = agentStatus(name, offline);
    // …and the line is said once: the socket's event and a resync's answer can both bring it.
    if (chat.agentOffline === offline) {
      return;
    }
    chat.agentOffline = offline;
    typingEl.textContent = '';
    list.appendChild(el('div', { class: 'sys', text: t(offline ? 'agentOffline' : 'agentBack', { name: name }) }));
    scroll();
  }

  /** After a (re)connect: the agent's join or leave that happened while no socket listened. */
  function resync() {
    const eventsBefore = chatEvents;
    api('GET', 'chat.get', { visitor_token: chat.token }).then(
      (info) => {
        if (chat.ended || info.ended || !info.agent_name || chatEvents !== eventsBefore) {
          return;
        }
        if (info.agent_name !== chat.agentName) {
          agentJoined(info.agent_name);
        }
        if (!!info.agent_offline !== chat.agentOffline) {
          agentPresence(info.agent_name, !!info.agent_offline);
        }
      },
      () => {},
    );
  }

  /** The header's line: the agent (offline, said so), or waiting for one. */
  function agentStatus(name, offline) {
    return name ? (offline ? t('offlineStatus', { name: name }) : name) : t('waiting');
  }

  /**
   * "{name} joined the chat": last, or, for a reopened window, where the accept stands among the
   * messages (`at`: its time), not after what the visitor wrote since.
   */
  function joinedLine(name, at) {
    chat.joined[name] = true;
    chat.lastJoined = name;
    const line = el('div', { class: 'sys', text: t('joined', { name: name }) });
    const later = at ? Array.from(list.querySelectorAll('[data-ts]')).find((b) => Number(b.dataset.ts) > at) : null;
    list.insertBefore(line, later || null);
  }

  function show(m) {
    if (chat.seen[m.message_id]) {
      return;
    }
    chat.seen[m.message_id] = true;
    chat.lastId = Math.max(chat.lastId, m.message_id);
    const pending = m.client_message_id && chat.pending[m.client_message_id];
    if (pending) {
      pending.parentNode?.removeChild(pending);
      delete chat.pending[m.client_message_id];
      // It had reached the server after all (only its answer was lost): no resending.
      chat.failed = chat.failed.filter((f) => f.clientId !== m.client_message_id);
    }
    if (m.reply_type === 'end_chat') {
      // A chat nobody took ends with a word of why, and where the answer will come.
      if (m.automatic) {
        list.appendChild(bubble(false, t('auto'), m.body, [], m.message_id));
      }
      list.appendChild(el('div', { class: 'sys', text: t('ended') }));
      chat.ended = true;
      showEnded('unoffered');
      scroll();
      return;
    }
    // The history (a reopened window, a reconnect) has no join events: an agent's first message
    // says they joined, where the live line stood.
    if (!m.from_visitor && !m.automatic && m.real_name && !chat.joined[m.real_name]) {
      joinedLine(m.real_name);
    }
    list.appendChild(
      bubble(
        m.from_visitor,
        m.from_visitor ? null : m.automatic ? t('auto') : m.real_name || t('agent'),
        m.body,
        m.files || [],
        m.message_id,
        m.create_ts,
      ),
    );
    if (m.quick_replies && m.quick_replies.length) {
      quickReplies(m.quick_replies);
    } else if (m.from_visitor) {
      dropQuickReplies();
    }
    if (!m.from_visitor) {
      chat.hadAgent = chat.hadAgent || !m.automatic;
      typingEl.textContent = '';
      if (!visible) {
        unread++;
        report();
      }
    }
    scroll();
  }

  function bubble(mine, who, html, files, id, ts) {
    const b = el('div', { class: 'bubble' });
    // Bodies are sanitized HTML from the server (the same rules as ticket bodies).
    const content = el('div');
    content.innerHTML = html;
    if (who) {
      b.appendChild(el('div', { class: 'who', text: who }));
    }
    b.appendChild(content);
    if (files && files.length) {
      // A stored message's files ({ file_id, file_name }) download on a press; one on its way is a name.
      files.forEach((f) => {
        const stored = typeof f === 'string' ? null : f;
        const name = (stored ? stored.file_name : f) || t('file');
        const line = stored
          ? el('button', { type: 'button', class: 'files file-link' })
          : el('div', { class: 'files' });
        line.innerHTML = CLIP_SVG;
        line.appendChild(document.createTextNode(` ${name}`));
        if (stored) {
          line.setAttribute('aria-label', t('download', { name: name }));
          line.onclick = () => download(stored.file_id, name, line);
        }
        b.appendChild(line);
      });
    }
    const row = el('div', { class: `msg${mine ? ' me' : ''}`, 'data-message-id': id ? String(id) : '' }, [b]);
    if (ts) {
      row.dataset.ts = String(ts);
    }
    return row;
  }
  /**
   * A message's file, saved by the browser: asked with the chat's key in the body (not in the
   * address the browser's list of downloads keeps), handed over as a local link.
   */
  function download(fileId, name, button) {
    fetch(`/api/home/chat.attachment.get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Language: lang },
      body: JSON.stringify({ visitor_token: chat.token, file_id: fileId }),
    })
      .then((res) => {
        // Refusals are the JSON envelope; a file is never served as JSON.
        if (!res.ok || /json/.test(res.headers.get('content-type') || '')) {
          throw new Error('refused');
        }
        return res.blob();
      })
      .then((blob) => {
        const url = URL.createObjectURL(blob);
        const link = el('a', { href: url, download: name });
        document.body.appendChild(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60000);
      })
      .catch(() => {
        button.parentNode.appendChild(el('div', { class: 'files', role: 'alert', text: t('downloadFailed') }));
      });
  }

  /** A shortcut's choices under the agent's message: one click sends that answer. */
  function quickReplies(choices) {
    dropQuickReplies();
    const row = el('div', { class: 'quick', 'data-quick-replies': '' });
    choices.forEach((text) => {
      const b = el('button', { type: 'button', class: 'choice', text: text });
      b.onclick = () => {
        if (!chat.ended) {
          dropQuickReplies();
          send(text, []);
        }
      };
      row.appendChild(b);
    });
    list.appendChild(row);
  }
  function dropQuickReplies() {
    Array.prototype.forEach.call(list.querySelectorAll('[data-quick-replies]'), (n) => {
      n.parentNode.removeChild(n);
    });
  }
  function scroll() {
    body.scrollTop = body.scrollHeight;
  }
  // The window shrinks under the visitor (a phone's keyboard opening, the launcher following the
  // visual viewport) or its footer grows: a visitor reading the newest message still sees it, and
  // a visitor typing in a form still sees the field they type in.
  let atEnd = true;
  body.addEventListener('scroll', () => {
    atEnd = body.scrollHeight - body.scrollTop - body.clientHeight < 24;
  });
  if (window.ResizeObserver) {
    new ResizeObserver(() => {
      const active = document.activeElement;
      if (list?.isConnected && atEnd) {
        scroll();
      } else if (active && active !== body && body.contains(active)) {
        reveal(active.closest('.field') || active);
      }
    }).observe(body);
  }

  function newId() {
    return Date.now().toString(36) + Math.random().toString(36).slice(2, 10);
  }

  function send(text, fileIds, retryId, retryNode, fileNames) {
    if (chat.ended) {
      return;
    }
    if (!text.trim() && !fileIds.length) {
      return;
    }
    if (sending && !retryNode) {
      // A visitor writing fast: shown now, sent once the one on its way has gone (before, it was
      // refused with a notice that stayed after that one had gone).
      const waiting = bubble(true, null, escapeHtml(text), fileNames || fileIds.map(() => ''), null);
      waiting.className = 'msg me pending';
      list.appendChild(waiting);
      input.value = '';
      scroll();
      chat.queued.push({ text, fileIds, fileNames, node: waiting });
      return;
    }
    if (sending) {
      return;
    }
    const clientId = retryId || newId();
    const node = retryNode || bubble(true, null, escapeHtml(text), fileNames || fileIds.map(() => ''), null);
    node.className = 'msg me pending';
    // The bubble the socket's copy of this message replaces, should it come before the answer.
    chat.pending[clientId] = node;
    if (!retryNode) {
      list.appendChild(node);
      input.value = '';
      scroll();
    }
    sending = true;
    sendButton.disabled = true;
    api('POST', 'chat.message.add', {
      visitor_token: chat.token,
      body: text,
      file_ids: fileIds,
      client_message_id: clientId,
    }).then(
      (d) => {
        sending = false;
        sendButton.disabled = false;
        if (chat.seen[d.message_id]) {
          // The socket delivered it first: that copy is on screen.
          if (node.parentNode) {
            node.parentNode.removeChild(node);
          }
        } else {
          chat.seen[d.message_id] = true;
          chat.lastId = Math.max(chat.lastId, d.message_id);
          node.className = 'msg me';
          node.setAttribute('data-message-id', String(d.message_id));
        }
        delete chat.pending[clientId];
        resendFailed();
        sendQueued();
      },
      (e) => {
        sending = false;
        sendButton.disabled = false;
        node.className = 'msg me failed';
        node.title = e.message;
        // Said on the message, not only in a tooltip a phone never shows.
        if (!node.querySelector('.retry')) {
          node.appendChild(el('div', { class: 'retry', text: t('retry') }));
        }
        const retry = () => {
          chat.failed = chat.failed.filter((f) => f.clientId !== clientId);
          node.onclick = null;
          node.querySelector('.retry')?.remove();
          send(text, fileIds, clientId, node, fileNames);
        };
        node.onclick = retry;
        chat.failed.push({ clientId, retry });
        sendQueued();
      },
    );
  }

  /** The next message written while another was on its way, if none is on its way now. */
  function sendQueued() {
    const next = !sending && !chat.ended ? chat.queued.shift() : undefined;
    if (next) {
      send(next.text, next.fileIds, null, next.node, next.fileNames);
    }
  }

  /** Sends the oldest message that did not go; each one that goes sends the next. */
  function resendFailed() {
    if (!sending && chat.failed.length && !chat.ended) {
      chat.failed[0].retry();
    }
  }
  function escapeHtml(s) {
    return (
      '<p>' +
      s
        .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c])
        .replace(/\n/g, '<br>') +
      '</p>'
    );
  }

  function upload(file) {
    if (file.size > 20 * 1024 * 1024) {
      typingEl.textContent = t('tooBig');
      return;
    }
    const form = new FormData();
    form.append('file', file, file.name);
    api('POST', 'upload', form).then(
      (d) => {
        // A refusal said for an earlier file is no longer true once this one went up.
        typingEl.textContent = '';
        send('', [d.file_id], undefined, undefined, [d.file_name]);
      },
      (e) => {
        typingEl.textContent = e.message;
      },
    );
  }

  function showEnded(satisfaction) {
    clear(foot);
    statusEl.textContent = t('ended');
    // Nothing to rate where no agent ever answered: only the way to a new chat.
    if (chat.hadAgent) {
      rate(satisfaction);
    }
    const again = el('button', { type: 'button', class: 'link', text: t('newChat') });
    again.onclick = () => {
      if (chat.socket) {
        chat.socket.close();
      }
      save(null);
      chat = null;
      void api('GET', 'chat.widget.get').then((w) => {
        widget = w;
        statusEl.textContent = w.online ? t('online') : w.closed ? t('closedStatus') : t('offline');
        boot2();
      });
    };
    foot.appendChild(again);
    // Ended while the visitor was in the window: the keyboard goes on to the rating, or to a new chat.
    if (lost()) {
      (foot.querySelector('[data-rate] button') || again).focus();
    }
  }

  function rate(satisfaction) {
    const card = el('div', { class: 'card', 'data-rate': '' }, [el('p', { text: t('rateAsk') })]);
    const row = el('div', { class: 'rate' });
    const note = el('div', { class: 'sys', role: 'status', 'aria-live': 'polite' });
    ['good', 'bad'].forEach((value) => {
      const b = el('button', {
        type: 'button',
        'aria-pressed': String(satisfaction === value),
        text: t(value),
      });
      b.onclick = () => {
        api('POST', 'chat.rate', { visitor_token: chat.token, satisfaction: value }).then(
          () => {
            Array.prototype.forEach.call(row.children, (c) => {
              c.setAttribute('aria-pressed', 'false');
            });
            b.setAttribute('aria-pressed', 'true');
            note.textContent = t('thanks');
          },
          (e) => {
            note.textContent = e.message;
          },
        );
      };
      row.appendChild(b);
    });
    card.appendChild(row);
    card.appendChild(note);
    foot.appendChild(card);
  }

  boot();
})();
