// chat.js -- the table's chat: the log (with the last lines the server
// sends on following, marked history) and the input line.

import { h } from './table.js';
import { getLang } from './i18n.js';

const $ = (id) => document.getElementById(id);

// Empties the log (a new room).
export function clearChat() { $('chat-log').replaceChildren(); }

// Appends one chat message to the log, keeping at most 200 lines.
export function addChat(msg) {
  const log = $('chat-log');
  const at = new Date((msg.at || Date.now() / 1000) * 1000);
  const time = at.toLocaleTimeString(getLang() === 'de' ? 'de-DE' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
  log.append(h('li', { class: msg.history ? 'old' : '' }, h('time', {}, time), ' ', h('b', {}, msg.name), ': ', msg.text));
  while (log.children.length > 200) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

// Appends a line of the table's own (a claim, a stand-in) to the log.
// `say` gives its text in the language of the moment, so that
// relabelNotes can write it again in another.
export function addNote(say) {
  const log = $('chat-log');
  const li = h('li', { class: 'note' }, say());
  li.say = say;
  log.append(li);
  while (log.children.length > 200) log.firstChild.remove();
  log.scrollTop = log.scrollHeight;
}

// Writes the log's own lines again in the language just chosen.
export function relabelNotes() {
  for (const li of $('chat-log').querySelectorAll('li.note'))
    if (li.say) li.textContent = li.say();
}
