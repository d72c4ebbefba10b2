/* The built-in payment simulator's stand-in for Midtrans' snap.js: window.snap.pay(token, callbacks)
   opens the simulator page in a framed overlay and calls onSuccess / onPending / onError / onClose
   with the result, as Snap does. */
(function () {
  if (window.snap) return;
  window.snap = {
    pay: function (token, options) {
      options = options || {};
      var back = document.activeElement;
      var overlay = document.createElement('div');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', 'Pembayaran');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:9999;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center';
      var frame = document.createElement('iframe');
      frame.title = 'Simulator Pembayaran';
      frame.src = '/pembayaran/simulator/' + encodeURIComponent(token);
      frame.style.cssText = 'width:min(420px,96vw);height:min(560px,92vh);border:0;border-radius:8px;background:#fff';
      overlay.appendChild(frame);
      function finish(kind, data) {
        window.removeEventListener('message', onMessage);
        document.removeEventListener('keydown', onKey);
        overlay.remove();
        if (back && back.focus) back.focus();
        var callback = { success: options.onSuccess, pending: options.onPending, error: options.onError, close: options.onClose }[kind];
        if (typeof callback === 'function') callback(data);
      }
      function onMessage(event) {
        if (event.origin !== location.origin || !event.data || event.data.type !== 'portal-snap') return;
        var kind = event.data.result;
        var data = kind === 'close' ? undefined : { status_code: event.data.status_code, transaction_status: kind };
        // Let the member read the result for a moment, as Snap's own page does.
        if (kind === 'close') finish(kind, data); else setTimeout(function () { finish(kind, data); }, 600);
      }
      function onKey(event) { if (event.key === 'Escape') finish('close'); }
      window.addEventListener('message', onMessage);
      document.addEventListener('keydown', onKey);
      document.body.appendChild(overlay);
      frame.focus();
    },
  };
})();
