/* The site search, answering Material's own search box (scripts/rulings/site/search/ builds the index).
 *
 * Material starts this file as its search worker (site_config/overrides/main.html points its config
 * here) and speaks its protocol: SETUP → READY, QUERY → RESULT with Material's result shape, so its
 * look, rendering and keys stay. The index is prebuilt and sharded: a query loads the few shards of
 * its words' prefixes and the records of the results shown, never the whole corpus. Files are
 * scripts calling __rulingsSearch, loaded as <script> tags in the hidden frame it runs in (online: the
 * page's, search-frame.js; from file://: Material's worker shim's), fetched in a real worker (only
 * where the page could not make the frame).
 *
 * What the index's files are like (how long a shard key grows, the fields of a record and of a posting,
 * the folders, the stop words, the Han ranges, what joins a compound, the digits of a posting) is read
 * from its meta.js, written by rulings.site.search.shards: Python is the one source of it. Only the
 * bootstrap is fixed on both sides: the folder search/rl/, its meta.js and the __rulingsSearch call.
 * fold(), queryTokens() and compounds() repeat rulings.site.search.tokens exactly (tests/test_search_index.py
 * compares them).
 * Everything from the index is content, so hostile: it is escaped here before Material shows it.
 */
"use strict";
(() => {
  const [SETUP, READY, QUERY, RESULT] = [0, 1, 2, 3]; // Material's message types
  // a word in a name, in a title, in the text, in an original the page hides: by the names of meta.fields
  const WEIGHTS = { name: 100, title: 10, text: 1, original: 0.25 };
  const [EXACT, PREFIX, TYPO] = [1, 0.5, 0.3]; // a word matched whole, as a prefix, one edit away
  const SPLIT = 0.5; // a word the index lacks, found as its pieces (counter clock wise)
  // split words of 6-40 characters into pieces of 3 or more, a few ways
  const [SPLIT_MIN, SPLIT_MAX, PIECE_MIN, SPLITS] = [6, 40, 3, 4];
  const RANKED = 30; // sections ranked and shown (grouped by page): few record files
  // pages Material renders from a result at once (the rest when scrolled to): what a partial result holds
  const AT_ONCE = 10;
  const SUB_SHARDS = 6; // longer-prefix shards loaded for a short prefix
  // record files fetched at once: a few for the best results first, then as many as a browser opens
  // connections to a host
  const WAVES = [2, 6];
  const MAX_WORDS = 32; // a query's words that count (one bit each in a document's mask)
  const MARKS = /\p{M}+/gu;
  const WORDS = /[\p{L}\p{N}]+/gu;

  const inFrame = typeof document !== "undefined";
  const here = inFrame ? document.querySelector("script[src]").src : self.location.href;
  const base = new URL("../search/rl/", here).href;
  const root = new URL("../", here); // the locale's home: a page's game is the first folder under it

  let meta = null,
    keys = null,
    stop = null,
    hanRun = null,
    hanStart = null,
    hanAny = null,
    digit = null;
  let maxKey = 0,
    fieldWeights = [],
    nameField = 0,
    paths = null;
  const R = {}; // a record's field → its position (meta.record)
  let joiners = new Set(),
    hyphens = new Set(),
    joinMax = 0;

  /* what has loaded of the index, and postings decoded: one object a search is given, so that the
     warm-up (below) runs the same code on an index of its own */
  function emptyIndex() {
    return { shards: new Map(), chunks: new Map(), records: new Map(), facets: new Map(), postings: new Map() };
  }
  const loaded = emptyIndex();

  self.__rulingsSearch = ([kind, key, data]) => {
    if (kind === "meta") meta = data;
    else if (kind === "shard") {
      loaded.shards.set(key, data);
      for (const id in data.r) loaded.records.set(+id, data.r[id]);
    } else if (kind === "docs") {
      loaded.chunks.set(key, data.r);
      for (const id in data.p) loaded.records.set(+id, data.p[id]);
    } else if (kind === "facet") loaded.facets.set(key, runs(data));
  };

  /* Files load in parallel: in a worker with fetch (each file is one call of __rulingsSearch with JSON,
     parsed as JSON, never evaluated), in a frame with <script> tags (file:// refuses fetch; online, the
     index's first file, loaded as a script in the frame while the page loads, is in before the page's load
     event, as the first query wants; tools/bench/README.md has the measurements). A script that has run
     leaves the frame: dozens would stay in its DOM. */
  const CALL = "__rulingsSearch(";
  const loading = new Map(); // url → its load under way: queries typed key by key share it
  function loadOne(url) {
    let done = loading.get(url);
    if (done) return done;
    done = inFrame
      ? new Promise((resolve, reject) => {
          const script = document.createElement("script");
          script.src = url;
          script.onload = () => {
            script.remove();
            resolve();
          };
          script.onerror = () => {
            script.remove();
            reject(new Error(`cannot load ${url}`));
          };
          document.body.appendChild(script);
        })
      : fetch(url)
          .then(r => {
            if (!r.ok) throw new Error(`cannot load ${url}: ${r.status}`);
            return r.text();
          })
          .then(text => {
            const start = text.indexOf(CALL),
              end = text.lastIndexOf(")");
            self.__rulingsSearch(JSON.parse(text.slice(start + CALL.length, end)));
          });
    done = done.finally(() => loading.delete(url));
    loading.set(url, done);
    return done;
  }

  async function load(paths) {
    await Promise.all(paths.map(p => loadOne(base + p)));
  }

  function runs(pairs) {
    const out = new Uint16Array(meta.docs);
    let at = 0;
    for (const [n, code] of pairs) {
      out.fill(code, at, at + n);
      at += n;
    }
    return out;
  }

  /* --- words: the same as rulings.site.search.tokens --- */

  const ASCII = /^[\0-\x7f]*$/; // compatibility forms, marks, ß and ς are none of it: lower case is all

  function fold(s) {
    if (ASCII.test(s)) return s.toLowerCase(); // every word results show is folded to mark it: most are ASCII
    return s
      .normalize("NFKC")
      .toLowerCase()
      .normalize("NFD")
      .replace(MARKS, "")
      .normalize("NFC")
      .replace(/ß/g, "ss")
      .replace(/ς/g, "σ");
  }

  function words(s) {
    return fold(s).match(WORDS) || [];
  }

  function splitHan(word) {
    const out = [];
    let at = 0;
    for (const m of word.matchAll(hanRun)) {
      if (m.index > at) out.push([false, word.slice(at, m.index)]);
      out.push([true, m[0]]);
      at = m.index + m[0].length;
    }
    if (at < word.length) out.push([false, word.slice(at)]);
    return out;
  }

  function queryTokens(query) {
    const out = [];
    for (const w of words(query)) {
      const toks = [];
      for (const [han, run] of splitHan(w)) {
        if (han) {
          const cs = [...run];
          if (cs.length === 1) toks.push(run);
          else for (let i = 0; i < cs.length - 1; i++) toks.push(cs[i] + cs[i + 1]);
        } else if (!stop.has(run)) {
          toks.push(run);
        }
      }
      if (toks.length) out.push(toks);
    }
    return out;
  }

  /* Runs of 2 to joinMax adjacent words a compound may be written apart as: [first, last, joined,
     hyphenated], first and last numbering the words as queryTokens() lists them (tokens.compounds) */
  const LETTER = /\p{L}/u;
  function joinable(word) {
    return !stop.has(word) && !hanAny.test(word) && LETTER.test(word);
  }

  function hasTokens(word) {
    return splitHan(word).some(([han, run]) => han || !stop.has(run));
  }

  function compounds(text) {
    const folded = fold(text),
      out = [];
    let run = [],
      n = -1,
      end = 0;
    for (const m of folded.matchAll(WORDS)) {
      const word = m[0],
        gap = folded.slice(end, m.index);
      end = m.index + word.length;
      if (hasTokens(word)) n++;
      if (!joinable(word)) {
        run = [];
        continue;
      }
      if (run.length && gap && [...gap].every(c => joiners.has(c)))
        run.push([n, word, [...gap].some(c => hyphens.has(c))]);
      else run = [[n, word, false]];
      for (let k = 2; k <= Math.min(joinMax, run.length); k++) {
        const part = run.slice(-k);
        out.push([part[0][0], n, part.map(p => p[1]).join(""), part.slice(1).every(p => p[2])]);
      }
    }
    return out;
  }

  /* --- shards --- */

  function shardName(key) {
    return [...key].map(c => c.codePointAt(0).toString(16)).join("_");
  }

  function covering(tok) {
    // the shard a word is in: the longest key it starts with
    const cs = [...tok];
    for (let n = Math.min(cs.length, maxKey); n > 0; n--) {
      const k = cs.slice(0, n).join("");
      if (keys.has(k)) return k;
    }
    return null;
  }

  function shardsFor(tok) {
    // its shard and the longer-prefix shards holding words it starts
    const own = covering(tok),
      out = own ? [own] : [];
    const n = [...tok].length;
    for (const k of meta.keys) {
      if (out.length > SUB_SHARDS) break;
      if (k !== own && k.startsWith(tok) && [...k].length > n) out.push(k);
    }
    return out;
  }

  function isSurface(ix, word) {
    // a word of the index (its shard loaded)
    const k = covering(word),
      shard = k && ix.shards.get(k);
    return !!shard && Object.prototype.hasOwnProperty.call(shard.s, word);
  }

  function prefixKeys(word) {
    // the shards of every word `word` starts with
    const cs = [...word],
      out = [];
    for (let n = 1; n <= Math.min(cs.length, maxKey); n++) {
      const k = cs.slice(0, n).join("");
      if (keys.has(k)) out.push(k);
    }
    return out;
  }

  /* the ways to read `word` as 2 to joinMax words of the index, each at least PIECE_MIN long: the
     compound the query writes whole and a text apart (counterclockwise: counter, clock, wise), fewest
     pieces first; each piece's shards load as the one before it is found */
  async function splits(ix, word) {
    async function readAs(rest, most) {
      await ensure(ix, prefixKeys(rest));
      const cs = [...rest],
        out = isSurface(ix, rest) ? [[rest]] : [],
        heads = [];
      if (most > 1) {
        for (let n = PIECE_MIN; n <= cs.length - PIECE_MIN; n++) {
          const head = cs.slice(0, n).join("");
          if (isSurface(ix, head)) heads.push(head);
        }
      }
      const tails = await Promise.all(heads.map(h => readAs(rest.slice(h.length), most - 1)));
      heads.forEach((h, i) => {
        for (const t of tails[i]) out.push([h, ...t]);
      });
      return out;
    }
    const ways = (await readAs(word, joinMax)).filter(w => w.length > 1);
    ways.sort((a, b) => a.length - b.length || b[0].length - a[0].length);
    return ways.slice(0, SPLITS);
  }

  async function ensure(ix, keyList) {
    const missing = [...new Set(keyList)].filter(k => k && !ix.shards.has(k));
    await load(missing.map(k => `${paths.shard}${shardName(k)}.js`));
  }

  function posting(ix, shard, stem) {
    // [names, titles, texts(, originals)] as sorted document ids
    let p = ix.postings.get(stem);
    if (p) return p;
    const raw = shard.p[stem];
    if (!raw) return null;
    p = raw.map(decodeIds);
    ix.postings.set(stem, p);
    return p;
  }

  function decodeIds(text) {
    // as rulings.site.search.shards.decode_ids: gaps in base-32 digits
    const out = [];
    for (let i = 0, at = 0, value = 0; i < text.length; i++) {
      const d = digit[text.charCodeAt(i)];
      value = value * 32 + (d & 31);
      if (d < 32) {
        at += value;
        out.push(at);
        value = 0;
      }
    }
    return out;
  }

  function stemOf(shard, surface) {
    const s = shard.s[surface];
    return s === 1 ? surface : s;
  }

  function oneEdit(a, b) {
    // edit distance at most 1 (code points)
    const x = [...a],
      y = [...b];
    if (Math.abs(x.length - y.length) > 1) return false;
    let i = 0,
      j = 0,
      edits = 0;
    while (i < x.length && j < y.length) {
      if (x[i] === y[j]) {
        i++;
        j++;
        continue;
      }
      if (++edits > 1) return false;
      if (x.length > y.length) i++;
      else if (x.length < y.length) j++;
      else {
        i++;
        j++;
      }
    }
    return edits + (x.length - i) + (y.length - j) <= 1;
  }

  /* matches of one token: stem → [weight, postings] — the surface itself, surfaces it starts, names
     one typo away; each shard holds the postings of its surfaces' stems, so no other file is needed */
  function matches(ix, tok, keysOf) {
    const found = new Map();
    const add = (shard, stem, w) => {
      const had = found.get(stem);
      if (had && had[0] >= w) return;
      const p = posting(ix, shard, stem);
      if (p) found.set(stem, [w, p]);
    };
    let exact = false;
    for (const k of keysOf) {
      const shard = ix.shards.get(k);
      if (!shard) continue;
      for (const surface in shard.s) {
        if (surface === tok) {
          add(shard, stemOf(shard, surface), EXACT);
          exact = true;
        } else if (surface.startsWith(tok)) add(shard, stemOf(shard, surface), PREFIX);
      }
    }
    if (!exact && [...tok].length >= 4) {
      for (const k of keysOf) {
        const shard = ix.shards.get(k);
        if (!shard) continue;
        for (const surface in shard.s) {
          if (!oneEdit(tok, surface)) continue;
          const stem = stemOf(shard, surface),
            p = posting(ix, shard, stem);
          if (p && p[nameField] && p[nameField].length) add(shard, stem, TYPO);
        }
      }
    }
    return found;
  }

  function exactly(ix, word) {
    // a split's piece: the word itself (its stem), no prefix or typo
    const shard = ix.shards.get(covering(word)),
      found = new Map();
    const p = posting(ix, shard, stemOf(shard, word));
    if (p) found.set(stemOf(shard, word), [EXACT, p]);
    return found;
  }

  /* --- filters: game:<id> and kind:<key> in the query --- */

  function filters(query) {
    const wanted = {};
    const rest = query.replace(/(^|\s)(game|kind):(\S*)/giu, (_, sp, facet, value) => {
      wanted[facet.toLowerCase()] = value;
      return sp;
    });
    const codes = {};
    for (const [facet, value] of Object.entries(wanted)) {
      if (!value) continue;
      const list = facet === "game" ? meta.games : meta.kinds,
        v = fold(value);
      const i = list.findIndex(([id, name]) => id === value || fold(name) === v);
      const j = i >= 0 ? i : list.findIndex(([id, name]) => id.startsWith(v) || fold(name).startsWith(v));
      codes[facet] = j + 1; // 0: nothing has it (an unknown value finds nothing)
    }
    return [rest, codes];
  }

  /* --- search --- */

  /* per-document scratch arrays, made once: a query writes only the documents it touches and sets
     them back to 0 before it awaits anything (new ones per query would be zeroed and collected each time;
     Maps and Sets of that many ids cost more than the scoring) */
  let scratch = null;
  function arrays(n) {
    if (!scratch || scratch.score.length !== n)
      scratch = {
        score: new Float64Array(n),
        coord: new Uint8Array(n),
        best: new Float64Array(n),
        count: new Uint8Array(n),
        word: new Float64Array(n)
      };
    return scratch;
  }

  /* --- the reader's game: its results rank first --- */

  /* The game of the page a query was typed on (its code in meta.games, 0: none), by the rule the index
     files each document under (rulings.site.search.shards.build_index): the first folder of its path
     under the locale's home, the game's id (/en/sorcery/card/x/ → sorcery), online and from file:// alike.
     A boost, not a filter: the game filter (game:<id>) still narrows, its "—" widens. */
  function gameOfPage(href) {
    if (!href || !meta) return 0;
    let url;
    try {
      url = new URL(href, root);
    } catch (_err) {
      return 0;
    }
    if (url.protocol !== root.protocol || url.host !== root.host || !url.pathname.startsWith(root.pathname)) return 0;
    let segment;
    try {
      segment = decodeURIComponent(url.pathname.slice(root.pathname.length).split("/")[0]);
    } catch (_err) {
      return 0;
    }
    return meta.games.findIndex(([id]) => id === segment) + 1;
  }

  /* the page the search box is on: the frame's parent (online, search-frame.js; from file://, Material's
     worker shim); a real worker has none (its query may say it, rlPage: the tests do) */
  function pageHref() {
    try {
      return self.frameElement ? self.frameElement.ownerDocument.location.href : "";
    } catch (_err) {
      return "";
    } // a parent of another origin: no boost
  }

  /* the results of a query; show() gets the best of them as soon as their records are in (those the
     shards carry, then each wave of record files), the return value all of them; once stale() (a newer
     query came), no more record files load for it and it returns null. Results of game `home` (a code,
     0: none) rank before those of other games that match as many of the query's words. */
  async function search(ix, query, show, stale = () => false, home = 0) {
    const [rest, codes] = filters(query);
    const qwords = queryTokens(rest).slice(0, MAX_WORDS);
    const raw = words(rest);
    if (!qwords.length) return { items: [] };
    if (ix === loaded) warmRuns = 0; // a real query: no more warm-up, not even while its files load
    const joins = compounds(rest).filter(([, last]) => last < qwords.length);
    const toks = [...new Set([...qwords.flat(), ...joins.map(j => j[2])])];
    const keysOf = new Map(toks.map(t => [t, shardsFor(t)]));
    const facetNames = Object.keys(codes);
    const facetsWanted = home && !facetNames.includes("game") ? [...facetNames, "game"] : facetNames;
    await Promise.all([
      ensure(ix, [...keysOf.values()].flat()),
      load(facetsWanted.filter(f => !ix.facets.has(f)).map(f => `${paths.facet}${f}.js`))
    ]);
    if (stale()) return null;
    const found = new Map(toks.map(t => [t, matches(ix, t, keysOf.get(t))]));
    /* what is scored: each word (all its pieces needed), each compound of adjacent words (written whole in
       a text: counts as its words), each way to split a word the index lacks (its pieces, all needed) */
    const units = qwords.map((wtoks, wi) => ({ toks: wtoks, mask: 1 << wi, weight: 1 }));
    for (const [first, last, joined] of joins)
      units.push({ toks: [joined], mask: 2 ** (last + 1) - 1 - (2 ** first - 1), weight: 1 });
    const pieces = [];
    const lacking = qwords
      .map((w, wi) => [w, wi])
      .filter(
        ([w]) =>
          w.length === 1 &&
          [...w[0]].length >= SPLIT_MIN &&
          [...w[0]].length <= SPLIT_MAX &&
          joinable(w[0]) &&
          !isSurface(ix, w[0])
      );
    const ways = await Promise.all(lacking.map(([w]) => splits(ix, w[0])));
    if (stale()) return null;
    lacking.forEach(([, wi], i) => {
      for (const way of ways[i]) {
        units.push({ toks: way, mask: 1 << wi, weight: SPLIT });
        for (const p of way) {
          pieces.push(p);
          if (!found.has(p)) found.set(p, exactly(ix, p));
        }
      }
    });

    const N = meta.docs;
    const { score, coord, best, count, word } = arrays(N),
      touched = [];
    const matched = new Uint32Array(N); // per document, a bit for each query word it has
    for (const { toks: wtoks, mask, weight: unitWeight } of units) {
      // a unit's score: the sum of its pieces'
      const inWord = [];
      for (const tok of wtoks) {
        const seen = []; // a piece's score: its best match's
        for (const [weight, p] of found.get(tok).values()) {
          const idf = Math.log(1 + N / p.reduce((n, ids) => n + ids.length, 0));
          for (let f = 0; f < p.length; f++) {
            const w = weight * fieldWeights[f] * idf,
              ids = p[f];
            for (let i = 0; i < ids.length; i++) {
              const id = ids[i];
              if (best[id] === 0) seen.push(id);
              if (best[id] < w) best[id] = w;
            }
          }
        }
        for (const id of seen) {
          if (count[id]++ === 0) inWord.push(id);
          word[id] += best[id];
          best[id] = 0;
        }
      }
      for (const id of inWord) {
        const fresh = mask & ~matched[id]; // the words it has that it had not yet (a compound: several)
        if (count[id] === wtoks.length && fresh) {
          if (!matched[id]) touched.push(id);
          for (let f = fresh; f; f &= f - 1) coord[id]++;
          score[id] += word[id] * unitWeight;
          matched[id] |= fresh;
        }
        count[id] = 0;
        word[id] = 0;
      }
    }
    let ranked = touched;
    for (const f of facetNames) {
      const have = ix.facets.get(f),
        want = codes[f];
      ranked = want ? ranked.filter(id => have[id] === want) : [];
    }
    ranked = top(ranked, RANKED, coord, score, home ? ix.facets.get("game") : null, home);
    const rankScore = new Map(ranked.map(id => [id, coord[id] * 1e4 + score[id]]));
    for (const id of touched) {
      score[id] = 0;
      coord[id] = 0;
    }
    const chunk = meta.chunk,
      fileOf = id => Math.floor(id / chunk);
    const rec = id => ix.records.get(id) || ix.chunks.get(fileOf(id))[id % chunk];
    const have = id => ix.records.has(id) || ix.chunks.has(fileOf(id));
    const need = [...new Set(ranked.filter(id => !have(id)).map(fileOf))]; // best first
    let shown = 0;
    for (let i = 0, w = 0; i < need.length; i += WAVES[w], w = Math.min(w + 1, WAVES.length - 1)) {
      const ready = ranked.findIndex(id => !have(id)); // the best already in (names: from the shards)
      if (ready > shown) {
        shown = ready;
        show(present(ranked.slice(0, shown), AT_ONCE));
      }
      if (stale()) return null;
      await load(need.slice(i, i + WAVES[w]).map(c => `${paths.docs}${c}.js`)); // each names its sections' pages
    }
    return present(ranked);

    /* Material's result shape for ranked ids whose records are in: grouped by page, each page shown;
       the first `pages` pages only for a partial result: Material renders no more until the list is
       scrolled, and given more it reads the list's layout at once, forcing a layout for every such
       result it gets */
    function present(ranked, pages = Infinity) {
      const flat = [...toks, ...pieces].filter(t => !hanStart.test(t));
      const han = toks.filter(t => hanStart.test(t));
      const item = (id, s) => {
        const r = rec(id),
          location = r[R.location],
          title = r[R.title],
          text = r[R.snippet];
        const game = r[R.game],
          kind = r[R.kind];
        const terms = {};
        qwords.forEach((_, wi) => {
          terms[raw[wi] || ""] = (matched[id] & (1 << wi)) !== 0;
        });
        const gameName = game ? meta.games[game - 1][1] : ""; // unless the title names it already
        const where = [!title.includes(gameName) && gameName, kind && meta.kinds[kind - 1][1]].filter(Boolean);
        return {
          location,
          title:
            mark(title, flat, han) +
            (where.length ? ` <span class="rl-search-where">${escapeHtml(where.join(" · "))}</span>` : ""),
          text: mark(text, flat, han),
          score: s,
          terms
        };
      };
      const groups = new Map();
      for (const id of ranked) {
        const page = rec(id)[R.page];
        if (!groups.has(page)) {
          if (groups.size >= pages) continue; // a later section of a page already in still joins it
          groups.set(page, []);
        }
        groups.get(page).push(item(id, rankScore.get(id)));
      }
      const items = [];
      for (const [page, list] of groups) {
        if (!list.some(x => !x.location.includes("#"))) {
          const article = item(page, 0); // the page of matching sections: highlight what they matched
          for (const x of list) for (const t in x.terms) article.terms[t] = article.terms[t] || x.terms[t];
          list.push(article);
        }
        items.push(list);
      }
      return { items };
    }
  }

  /* the first n of ids, most words matched (coord) first, then those of game `home` (if `games`, each
     id's game code), then best score, then first id: one pass keeping a sorted list of n, not a sort of
     every match; the order inline, not a function called 30k times */
  function top(ids, n, coord, score, games = null, home = 0) {
    const out = [];
    const at = games ? id => games[id] === home : () => false;
    const before = (a, b) =>
      coord[a] > coord[b] ||
      (coord[a] === coord[b] && (at(a) !== at(b) ? at(a) : score[a] > score[b] || (score[a] === score[b] && a < b)));
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k];
      if (out.length === n && !before(id, out[n - 1])) continue; // not before the n-th kept: dropped at once
      let i = out.length;
      while (i > 0 && before(id, out[i - 1])) i--;
      out.splice(i, 0, id);
      if (out.length > n) out.pop();
    }
    return out;
  }

  /* --- warm-up --- */

  /* V8 compiles a function when it first runs and optimizes it once it has run a while, on the thread
     that runs it (the frame's is the page's main thread): the first query would pay both, in one long
     task. Made-up queries on a made-up index of a few dozen documents run the same code first, each in a
     task of its own (a few ms), from when the meta has loaded until a query comes: not while its files
     load (warm-up tasks then delay its shards more than they save it). They request nothing and show
     nothing. tools/bench/README.md has the traces behind this. */
  const WARM_RUNS = 8,
    WARM_DOCS = 64;
  let warmRuns = WARM_RUNS;

  function warmLater() {
    if (warmRuns > 0) setTimeout(warmStep, 0);
  }

  function warmStep() {
    if (warmRuns <= 0) return;
    warmRuns--;
    warmUp();
    warmLater();
  }

  let warmInput = null;
  function warmUp() {
    warmInput = warmInput || madeUp();
    if (!warmInput) {
      warmRuns = 0;
      return;
    }
    const { shard, query } = warmInput,
      ix = emptyIndex(); // each run decodes its postings again
    ix.shards = { has: () => true, get: () => shard }; // every key's shard: nothing to load
    for (const id in shard.r) ix.records.set(+id, shard.r[id]);
    search(ix, query, () => {}).catch(() => {});
  }

  function madeUp() {
    // a shard of the index's format, and a query it answers
    const d = meta.digits || "",
      n = Math.min(meta.docs, WARM_DOCS);
    if (d.length < 8 || !n) return null;
    const ids = step => d[0] + d[step].repeat(Math.floor((n - 1) / step)); // 0, step, 2·step… < n
    const key = meta.keys.find(k => !hanStart.test(k)) || "",
      han = meta.keys.find(k => hanStart.test(k));
    const exact = `${key}wqxv`,
      typo = `${key}wqzv`; // one a word of the index, one a typo of one
    const shard = { s: { [exact]: 1, [`${exact}s`]: exact, [`${typo}a`]: 1, [`${key}wqzw`]: 1 }, p: {}, r: {} };
    for (let i = 0; i < 32; i++) shard.s[`${key}wq${i}`] = 1;
    if (han) shard.s[han] = 1;
    let step = 1;
    for (const [surface, stem] of Object.entries(shard.s))
      if (stem === 1) shard.p[surface] = [ids(1 + (step++ % 7)), ids(1 + (step % 3)), ids(1 + (step % 2))];
    const games = meta.games.length,
      kinds = meta.kinds.length;
    for (let id = 0; id < n; id++) {
      // groups of 4: a page, then 3 of its sections
      const page = id - (id % 4);
      const shown = {
        location: `w/${page}/${id % 4 ? `#s${id}` : ""}`,
        title: `${exact} ${typo}a ${han || ""} ${id}`,
        snippet: `The ${exact}s, ${typo}a and ${han || ""}: a text of ${id} words.`,
        game: games && 1 + (id % games),
        kind: kinds && 1 + (id % kinds),
        page
      };
      shard.r[id] = meta.record.map(k => shown[k]);
    }
    return { shard, query: `${exact} ${typo} ${han || ""}` };
  }

  /* --- markup: everything escaped, matched words in <mark> --- */

  function escapeHtml(s) {
    return s.replace(/[&<>"']/g, c => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
  }

  function mark(text, flat, han) {
    let out = "",
      at = 0;
    for (const m of text.matchAll(WORDS)) {
      out += escapeHtml(text.slice(at, m.index));
      const w = foldWord(m[0]);
      if (flat.some(t => w.startsWith(t))) out += `<mark>${escapeHtml(m[0])}</mark>`;
      else out += markHan(m[0], han);
      at = m.index + m[0].length;
    }
    return out + escapeHtml(text.slice(at));
  }

  const foldedWords = new Map(); // fold() of the words results show: each shown again and again
  function foldWord(w) {
    let f = foldedWords.get(w);
    if (f === undefined) {
      if (foldedWords.size >= 50000) foldedWords.clear();
      f = fold(w);
      foldedWords.set(w, f);
    }
    return f;
  }

  function markHan(piece, han) {
    for (const t of han) {
      const i = piece.indexOf(t);
      if (i >= 0)
        return `${escapeHtml(piece.slice(0, i))}<mark>${escapeHtml(t)}</mark>${markHan(piece.slice(i + t.length), han)}`;
    }
    return escapeHtml(piece);
  }

  /* --- Material's protocol --- */

  let ready = null;
  function setup() {
    ready =
      ready ||
      load(["meta.js"]).then(() => {
        useMeta(meta);
        warmLater();
      });
    return ready;
  }

  function useMeta(m) {
    meta = m;
    keys = new Set(m.keys);
    stop = new Set(m.stop);
    hanRun = new RegExp(`[${m.han}]+`, "gu");
    hanStart = new RegExp(`^[${m.han}]`, "u");
    hanAny = new RegExp(`[${m.han}]`, "u");
    const c = m.compound || { joiners: "", hyphens: "", max: 0 };
    joiners = new Set(c.joiners);
    hyphens = new Set(c.hyphens);
    joinMax = c.max;
    digit = new Uint8Array(128);
    [...(m.digits || "")].forEach((c, i) => {
      digit[c.charCodeAt(0)] = i;
    });
    maxKey = m.max_key || 0;
    fieldWeights = (m.fields || []).map(f => WEIGHTS[f] || 0);
    nameField = (m.fields || []).indexOf("name");
    (m.record || []).forEach((k, i) => {
      R[k] = i;
    });
    paths = m.paths || {};
  }

  /* READY at once, and again at every SETUP: Material sends no query before it, and this worker needs
     nothing from SETUP (its config is Material's, for lunr) nor the index (a query waits for what it
     needs). The index starts loading now, not after Material's request for search_index.json. */
  setup().catch(() => {
    ready = null;
  }); // failed: tried again by the query
  postMessage({ type: READY });

  /* While the latest query's results are still arriving (the best first), Material's result list is
     aria-busy="true", then "false" with the whole list: a screen reader (or a test) can wait for it. Set
     where Material hears the results (online the frame's port, search-frame.js; from file:// the page's
     window, the shim's), so it changes with what the page shows; a real worker has no page to mark. */
  const frame = inFrame ? self.frameElement : null;
  function busy(on) {
    const list = frame && frame.ownerDocument.querySelector(".md-search-result__list");
    if (list) list.setAttribute("aria-busy", String(on));
  }
  if (frame)
    (frame.rlPort || frame.ownerDocument.defaultView).addEventListener("message", ({ data: m }) => {
      if (m && m.type === RESULT && m.rlQuery) busy(m.partial || m.rlQuery !== latest);
    });

  let latest = 0;
  addEventListener("message", async ev => {
    const message = ev.data;
    if (message.type === SETUP) {
      postMessage({ type: READY });
    } else if (message.type === QUERY) {
      const n = ++latest;
      busy(true);
      let data;
      try {
        await setup();
        data = await search(
          loaded,
          String(message.data || ""),
          partial => {
            if (n === latest) postMessage({ type: RESULT, data: partial, rlQuery: n, partial: true });
          },
          () => n !== latest,
          gameOfPage(message.rlPage || pageHref())
        );
      } catch (err) {
        console.warn("search:", err);
        data = { items: [] };
      }
      if (n === latest) postMessage({ type: RESULT, data, rlQuery: n });
    }
  });

  /* for tests (node): the word rules, without a worker */
  self.__rulingsSearchTokens = { fold, words, queryTokens, compounds, useMeta, decodeIds, WEIGHTS };
})();
