/// The gallery's static markup and styles. Light and dark follow the page toggle,
/// which starts from the system setting.
enum GalleryStyle {
    static let body = """
    <header>
      <div class="title-row">
        <h1 id="title"></h1>
        <button type="button" id="page-theme-toggle" aria-pressed="false">Dark page</button>
      </div>
      <p id="stats"></p>
      <div class="controls">
        <input type="search" id="search" placeholder="Search views and states" aria-label="Search views and states">
        <select id="filter-section" aria-label="Section"></select>
        <select id="filter-device" aria-label="Device"></select>
        <select id="filter-theme" aria-label="Theme"></select>
        <select id="filter-locale" aria-label="Locale"></select>
        <select id="filter-dynamic-type" aria-label="Dynamic Type"></select>
        <select id="filter-status" aria-label="Status"></select>
        <button type="button" id="compare-toggle" aria-pressed="false">Compare light / dark</button>
      </div>
      <p id="count" aria-live="polite"></p>
      <p id="review-status" role="status" aria-live="polite"></p>
    </header>
    <main>
      <section id="ui-failures" hidden></section>
      <section id="failures" hidden></section>
      <section id="grid"></section>
      <div id="more" aria-hidden="true"></div>
    </main>
    <div id="lightbox" role="dialog" aria-modal="true" aria-label="Image" hidden>
      <button type="button" id="lightbox-close" aria-label="Close">×</button>
      <button type="button" id="lightbox-prev" aria-label="Previous">‹</button>
      <figure><img id="lightbox-image" alt=""><figcaption id="lightbox-caption"></figcaption></figure>
      <button type="button" id="lightbox-next" aria-label="Next">›</button>
    </div>
    """

    static let css = """
    :root { color-scheme: light; --bg: #f5f5f7; --panel: #ffffff; --text: #1d1d1f; --muted: #6e6e73; --line: #d2d2d7;
      --accent: #0071e3; --failed: #d70015; --new: #248a3d; --removed: #8e8e93; --tolerated: #8944ab; --thumb: #e8e8ed; }
    :root[data-page-theme="dark"] { color-scheme: dark; --bg: #1c1c1e; --panel: #2c2c2e; --text: #f5f5f7; --muted: #98989d;
      --line: #3a3a3c; --accent: #0a84ff; --failed: #ff453a; --new: #30d158; --removed: #8e8e93; --tolerated: #bf5af2; --thumb: #3a3a3c; }
    * { box-sizing: border-box; }
    html { scroll-padding-top: 200px; }
    body { margin: 0; font: 14px/1.4 -apple-system, system-ui, sans-serif; background: var(--bg); color: var(--text); }
    header { position: sticky; top: 0; z-index: 2; background: var(--panel); border-bottom: 1px solid var(--line); padding: 12px 20px; }
    .title-row { display: flex; align-items: center; justify-content: space-between; gap: 12px; }
    h1 { font-size: 20px; margin: 0; }
    #stats, #count, #review-status { margin: 4px 0; color: var(--muted); }
    #review-status:empty { display: none; }
    .controls { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 8px; }
    input, select, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: 4px 8px; }
    button { cursor: pointer; }
    button[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
    #search { min-width: 220px; }
    main { padding: 12px 20px 40px; }
    .group-title { font-size: 16px; margin: 20px 0 8px; display: flex; gap: 8px; align-items: baseline; flex-wrap: wrap; }
    .group-title .folder { color: var(--muted); font-weight: normal; font-size: 12px; }
    .cards { display: flex; flex-wrap: wrap; gap: 12px; }
    .card, .pair { background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 8px; margin: 0; }
    .card { width: 196px; cursor: zoom-in; }
    .pair { display: flex; gap: 8px; }
    .pair .card { border: none; padding: 0; }
    .thumb { height: 240px; display: flex; align-items: center; justify-content: center; background: var(--thumb); border-radius: 4px; overflow: hidden; }
    .thumb img { max-width: 100%; max-height: 100%; object-fit: contain; }
    .thumb .none { color: var(--muted); font-size: 12px; }
    .caption { margin-top: 6px; font-size: 12px; overflow-wrap: anywhere; }
    .caption .meta { color: var(--muted); }
    .badge { display: inline-block; font-size: 11px; font-weight: 600; border-radius: 4px; padding: 0 5px; margin-right: 4px; color: #fff; }
    .badge.failed, .badge.error, .badge.missing { background: var(--failed); }
    .badge.new, .badge.recorded, .badge.approved { background: var(--new); }
    .badge.removed, .badge.rejected { background: var(--removed); }
    .badge.withinTolerance { background: var(--tolerated); }
    .card.failed, .card.error, .card.missing { border-color: var(--failed); }
    .card.new { border-color: var(--new); }
    .card.removed { opacity: 0.6; border-style: dashed; }
    #failures { margin-bottom: 24px; }
    #failures > h2 { color: var(--failed); font-size: 18px; }
    .failure { background: var(--panel); border: 1px solid var(--failed); border-radius: 8px; padding: 10px; margin-bottom: 12px; }
    .failure .message { color: var(--muted); font-size: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
    .ui-failure img { display: block; max-width: 100%; max-height: 360px; margin-top: 8px; border: 1px solid var(--line); }
    .modes { display: flex; gap: 4px; margin: 6px 0; flex-wrap: wrap; align-items: center; }
    .viewer { display: flex; gap: 8px; align-items: flex-start; }
    .viewer figure { margin: 0; flex: 1; min-width: 0; }
    .viewer figcaption { font-size: 12px; color: var(--muted); }
    .viewer img { max-width: 100%; max-height: 480px; display: block; }
    .stack { position: relative; display: inline-block; }
    .stack img.top { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
    .review-actions { display: flex; gap: 6px; margin-top: 6px; }
    .approve { border-color: var(--new); } .reject { border-color: var(--removed); }
    #more { height: 1px; }
    #lightbox { position: fixed; inset: 0; z-index: 5; background: rgba(0, 0, 0, 0.88); display: flex; align-items: center; justify-content: center; gap: 12px; }
    #lightbox[hidden] { display: none; }
    #lightbox figure { margin: 0; max-width: 86vw; text-align: center; }
    #lightbox img { max-width: 86vw; max-height: 86vh; object-fit: contain; }
    #lightbox figcaption { color: #f5f5f7; margin-top: 8px; overflow-wrap: anywhere; }
    #lightbox button { background: rgba(255, 255, 255, 0.15); color: #fff; border: none; font-size: 28px; width: 44px; height: 44px; }
    #lightbox-close { position: absolute; top: 16px; right: 16px; }
    """
}
