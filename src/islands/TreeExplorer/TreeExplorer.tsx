import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { getResult } from '../../lib/member-fetch';
import { registerAt } from '../../stores/order-form';
import { $treeQuery } from '../../stores/tree-query';
import { childPair, legToSlot, mapNode, type TreeNode, type TreeView, treeHref, type Visible, visibleItems } from './tree-model';
import { usePanZoom } from './use-pan-zoom';
import '../../styles/tree.css';
import '../../styles/pico/group.scss';

interface Props {
  initial: TreeView;
  tab: 'pohon' | 'folder';
  level: number;
}

const BADGE = { PLATINUM: 'warning', SILVER: 'info', BRONZE: 'success' } as const;
const REGISTER = '/transaksi/order-transaksi/registrasi';
const sideName = (s: 'L' | 'R') => (s === 'L' ? 'Kiri' : 'Kanan');

/**
 * The network explorer of /report/tree (spec/000 §2 "Network report"): the tree (Pohon) or the
 * list (Folder) of the member's own downline. Server-rendered with GET links; once it runs,
 * members expand and collapse in place, DownL/UP/DownR and the search move without a reload,
 * the tree pans and zooms (drag, wheel, pinch) and the arrow keys walk the nodes (ARIA tree).
 */
const PAN_STEP = 80;
/** Shift + arrow: the view moves that way (the drawing the other way), and what is announced. */
const PAN_KEYS: Record<string, { dx: number; dy: number; text: string }> = {
  ArrowLeft: { dx: PAN_STEP, dy: 0, text: 'Pohon digeser ke kiri' },
  ArrowRight: { dx: -PAN_STEP, dy: 0, text: 'Pohon digeser ke kanan' },
  ArrowUp: { dx: 0, dy: PAN_STEP, text: 'Pohon digeser ke atas' },
  ArrowDown: { dx: 0, dy: -PAN_STEP, text: 'Pohon digeser ke bawah' },
};

export default function TreeExplorer({ initial, tab, level: initialLevel }: Props) {
  const [view, setView] = useState(initial);
  const [tree, setTree] = useState(initial.tree);
  const [level, setLevel] = useState(initialLevel);
  const [focus, setFocus] = useState(initial.tree.id_member);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const items = useRef(new Map<string, HTMLLIElement>());
  const moveFocus = useRef(false);
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLDivElement>(null);
  const pan = usePanZoom(tab === 'pohon' && ready ? viewport : { current: null });
  const visible = visibleItems(tree);
  const rootId = useRef(tree.id_member);
  rootId.current = view.tree.id_member;

  const fitWidth = useCallback(() => {
    const vp = viewport.current;
    const content = canvas.current;
    if (!vp || !content) return;
    const scale = Math.max(0.3, Math.min(1, vp.clientWidth / content.scrollWidth));
    pan.setView({ scale, x: Math.max(0, (vp.clientWidth - content.scrollWidth * scale) / 2), y: 0 });
  }, [pan.setView]);

  const open = useCallback(
    async (cariId: string, lvl: number, push = true) => {
      try {
        const next = await getResult<TreeView>(`/member/reports/tree?cariId=${encodeURIComponent(cariId)}&level=${lvl}`);
        setView(next);
        setTree(next.tree);
        setLevel(lvl);
        setFocus(next.tree.id_member);
        setError(null);
        if (push) history.pushState({ cariId: next.tree.id_member, level: lvl }, '', treeHref(tab, next.tree.id_member, lvl));
      } catch (err) {
        setError((err as Error).message);
      }
    },
    [tab],
  );

  useEffect(() => {
    setReady(true);
    history.replaceState({ cariId: initial.tree.id_member, level: initialLevel }, '');
    const back = (e: PopStateEvent) => {
      const state = e.state as { cariId?: string; level?: number } | null;
      if (state?.cariId) void open(state.cariId, state.level ?? initialLevel, false);
    };
    addEventListener('popstate', back);
    const unsubscribe = $treeQuery.listen((q) => {
      if (q) void open(q.cariId ?? rootId.current, q.level);
    });
    return () => {
      removeEventListener('popstate', back);
      unsubscribe();
    };
  }, [initial.tree.id_member, initialLevel, open]);

  // A new root fits the canvas to the screen width.
  // biome-ignore lint/correctness/useExhaustiveDependencies: view is the trigger: each new view (root) is fitted again
  useLayoutEffect(() => {
    if (ready && tab === 'pohon') fitWidth();
  }, [ready, view, fitWidth, tab]);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    items.current.get(focus)?.focus();
  }, [focus]);

  const expand = async (node: TreeNode) => {
    if (node.childs.length > 0 || !node.hasChild) {
      setTree((t) => mapNode(t, node.id_member, (n) => ({ ...n, isOpen: true, childs: n.childs.length ? n.childs : [null, null] })));
      return;
    }
    try {
      const rows = await getResult<TreeNode[]>(`/member/reports/sub-tree?cariId=${encodeURIComponent(node.id_member)}`);
      setTree((t) => mapNode(t, node.id_member, (n) => ({ ...n, isOpen: true, childs: childPair(n, rows) })));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const collapse = (node: TreeNode) => setTree((t) => mapNode(t, node.id_member, (n) => ({ ...n, isOpen: false })));
  const expanded = (node: TreeNode) => node.isOpen && node.childs.length > 0;
  const toggle = (node: TreeNode) => (expanded(node) ? collapse(node) : void expand(node));

  const go = (key: string) => {
    moveFocus.current = true;
    setFocus(key);
  };
  const slotLeg = (item: Visible) => (item.parent ? legToSlot(view.viewer_path, item.parent, item.side) : null);
  const register = (item: Visible) => {
    const leg = slotLeg(item);
    if (!item.parent || !leg) return;
    registerAt(view.viewer_id_member, { upline_id_member: item.parent.id_member, upline_nama: item.parent.nama, sisi: item.side, leg });
  };

  const [panned, setPanned] = useState('');
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    // Shift + arrow keys pan the drawn tree (the arrows alone walk the nodes), announced for screen readers.
    const pans = PAN_KEYS[e.key];
    if (tab === 'pohon' && ready && e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey && pans) {
      e.preventDefault();
      pan.panBy(pans.dx, pans.dy);
      // A repeated key says it again: the live region changes (a trailing no-break space toggles).
      setPanned((before) => (before.startsWith(pans.text) && !before.endsWith('\u00a0') ? `${pans.text}\u00a0` : pans.text));
      return;
    }
    const at = visible.findIndex((v) => v.key === focus);
    const item = visible[at];
    if (!item || e.target !== items.current.get(focus)) return;
    const node = item.node;
    let handled = true;
    switch (e.key) {
      case 'ArrowDown':
        if (visible[at + 1]) go(visible[at + 1]!.key);
        break;
      case 'ArrowUp':
        if (at > 0) go(visible[at - 1]!.key);
        break;
      case 'Home':
        go(visible[0]!.key);
        break;
      case 'End':
        go(visible[visible.length - 1]!.key);
        break;
      case 'ArrowRight':
        if (node && !expanded(node)) void expand(node);
        else if (node && visible[at + 1]?.parentKey === node.id_member) go(visible[at + 1]!.key);
        break;
      case 'ArrowLeft':
        if (node && expanded(node)) collapse(node);
        else if (item.parentKey) go(item.parentKey);
        break;
      case 'Enter':
        if (node) void open(node.id_member, level);
        else items.current.get(focus)?.querySelector<HTMLAnchorElement>('a')?.click();
        break;
      case ' ':
        if (node) toggle(node);
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };

  const follow = (id: string) => (e: MouseEvent) => {
    if (!ready) return;
    e.preventDefault();
    void open(id, level);
  };

  const renderItem = (item: Visible, children: Visible[]): React.ReactNode => {
    const node = item.node;
    const common = {
      role: 'treeitem',
      'aria-level': item.level,
      'aria-selected': focus === item.key,
      tabIndex: ready ? (focus === item.key ? 0 : -1) : undefined,
      ref: (el: HTMLLIElement | null) => {
        if (el) items.current.set(item.key, el);
        else items.current.delete(item.key);
      },
      onFocus: (e: React.FocusEvent) => {
        if (e.target === e.currentTarget) setFocus(item.key);
      },
    } as const;
    if (!node) {
      const leg = slotLeg(item);
      return (
        <li
          key={item.key}
          {...common}
          className={tab === 'pohon' ? 'tree-cell' : undefined}
          // Its visible text first (WCAG 2.5.3), then where the place is.
          aria-label={`Kosong${leg ? ', Daftar di sini' : ''}: slot ${sideName(item.side)} di bawah ${item.parent!.nama}`}
        >
          <span className="node empty">
            Kosong{leg && ' '}
            {leg && (
              <a href={`${REGISTER}?sisi=${leg}`} tabIndex={ready ? -1 : undefined} onClick={() => register(item)}>
                Daftar di sini
              </a>
            )}
          </span>
        </li>
      );
    }
    const kids = children.filter((c) => c.parentKey === node.id_member);
    // No aria-label: a treeitem is named by its content, its group of children left out (WAI-ARIA
    // APG, "Naming with child content"), so its name is the card as shown (WCAG 2.5.3 Label in Name).
    return (
      // biome-ignore lint/a11y/useAriaPropsSupportedByRole: WAI-ARIA tree pattern (the li is role="treeitem" through common, and a treeitem has aria-expanded)
      <li
        key={item.key}
        {...common}
        className={tab === 'pohon' ? 'tree-cell' : undefined}
        aria-expanded={ready ? expanded(node) : undefined}
      >
        <a
          className="node"
          href={treeHref(tab, node.id_member, level)}
          data-id={node.id_member}
          tabIndex={ready ? -1 : undefined}
          onClick={follow(node.id_member)}
        >
          <span className={`badge badge-${BADGE[node.posisi]}`}>{node.posisi}</span>
          <strong>{node.nama}</strong>
          <small>{node.id_member}</small>
          <small className="lr">
            <span title="Jumlah downline kiri">Kiri {node.jumlah_child_kiri}</span> ·{' '}
            <span title="Jumlah downline kanan">Kanan {node.jumlah_child_kanan}</span>
          </small>
          {tab === 'pohon' && (
            <small className="lr" title="Pasangan dibayar">
              Pasangan {node.jumlah_pair}
            </small>
          )}
          {tab === 'pohon' && (
            <small className="lr" title="Sisa BV kiri/kanan yang belum berpasangan">
              Sisa BV {node.sisa_bv_kiri}/{node.sisa_bv_kanan}
            </small>
          )}
        </a>
        {/* Drawn (unseen) before hydration too, so the cards below do not move when it appears. */}
        <button
          type="button"
          className="tree-toggle"
          tabIndex={-1}
          aria-hidden="true"
          style={ready ? undefined : { visibility: 'hidden' }}
          onClick={() => toggle(node)}
        >
          {expanded(node) ? <span className="sign-minus" /> : '+'}
        </button>
        {expanded(node) && (
          // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA tree pattern (the children of a treeitem are a ul role="group")
          <ul role="group" className={tab === 'pohon' ? 'tree-children' : undefined}>
            {kids.map((k) => renderItem(k, children))}
          </ul>
        )}
      </li>
    );
  };

  const root = visible[0]!;
  const left = view.tree.downlinekiri_id_member;
  const right = view.tree.downlinekanan_id_member;
  const nav = (text: string, id: string | null) =>
    id ? (
      // biome-ignore lint/a11y/useSemanticElements: a GET link that works without JavaScript, drawn as a Pico button; the island moves the tree in place
      <a role="button" className="outline" href={treeHref(tab, id, level)} onClick={follow(id)}>
        {text}
      </a>
    ) : (
      <button type="button" className="outline" disabled>
        {text}
      </button>
    );
  const list = (
    <ul
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: WAI-ARIA tree pattern (ul role="tree" of li role="treeitem")
      role="tree"
      aria-label={`Jaringan ${tree.nama} (${tree.id_member})`}
      aria-describedby={tab === 'pohon' ? 'tree-pan-hint' : undefined}
      className={tab === 'pohon' ? 'tree-root' : 'folder-tree'}
      onKeyDown={onKeyDown}
    >
      {renderItem(root, visible)}
    </ul>
  );

  return (
    <div className="tree-explorer" data-ready={ready ? 'true' : undefined}>
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {tab === 'pohon' ? (
        <>
          <div className="tree-nav no-print" style={{ margin: '1rem 0' }}>
            {nav('DownL', left)}
            {nav('UP', view.upline_id_member)}
            {nav('DownR', right)}
            {/* Rendered unseen (visibility, not display) before hydration so the row does not move when they appear. */}
            {tab === 'pohon' && (
              <span className="tree-zoom" aria-hidden={ready ? undefined : true} style={ready ? undefined : { visibility: 'hidden' }}>
                <button type="button" className="outline secondary" aria-label="Perkecil" onClick={() => pan.zoomBy(1 / 1.25)}>
                  <span className="sign-minus" />
                </button>
                <button type="button" className="outline secondary" aria-label="Perbesar" onClick={() => pan.zoomBy(1.25)}>
                  +
                </button>
                <button type="button" className="outline secondary" onClick={fitWidth}>
                  Pas layar
                </button>
                <small id="tree-pan-hint" className="tree-pan-hint">
                  Shift + panah: geser pohon
                </small>
              </span>
            )}
            <span className="sr-only" role="status" data-testid="tree-pan-status">
              {panned}
            </span>
          </div>
          <div
            className={ready ? 'tree-canvas' : 'tree-scroll'}
            ref={viewport}
            data-scale={pan.view.scale.toFixed(2)}
            // The same height before hydration (a scroll box without JavaScript): the island then takes its place without moving the page (CLS 0).
            style={{ height: `min(70vh, ${level * 8 + 2}rem)` }}
          >
            <div
              ref={canvas}
              className="tree-canvas-inner"
              style={{
                minWidth: `${2 ** (level - 1) * 5.5}rem`,
                transform: ready ? `translate(${pan.view.x}px, ${pan.view.y}px) scale(${pan.view.scale})` : undefined,
              }}
            >
              {list}
            </div>
          </div>
        </>
      ) : (
        <div className="folder" id="folder">
          {list}
        </div>
      )}
    </div>
  );
}
