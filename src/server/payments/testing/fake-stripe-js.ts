/**
 * The script the fake Stripe server serves as Stripe.js (`GET /v3`), for browser tests: just the
 * part of Stripe.js's API the checkout uses — `Stripe(pk, { locale })`, `elements({ clientSecret })`,
 * `elements.create('payment')`, `.mount(target)`, `.destroy()`, and
 * `confirmPayment({ elements, redirect: 'if_required' })` — answering as Stripe.js does
 * (`{ paymentIntent }` or `{ error }`). Its card form is a plain input (Stripe's is an iframe);
 * well-known test card numbers stand for Stripe's test payment methods, and confirming calls the
 * fake server's `/v1/payment_intents/{id}/confirm`, which holds the money like Stripe would.
 */
export function fakeStripeJs(apiUrl: string): string {
  return `(function () {
  var API = ${JSON.stringify(apiUrl)};
  var CARDS = {
    '4242424242424242': 'pm_card_visa',
    '4000000000000002': 'pm_card_chargeDeclined',
    '4000000000009995': 'pm_card_visa_chargeDeclinedInsufficientFunds',
    '4000002500003155': 'pm_card_threeDSecure'
  };
  window.Stripe = function (publishableKey, options) {
    var ja = /^ja/.test((options && options.locale) || '');
    return {
      elements: function (opts) {
        var input = null;
        var host = null;
        return {
          _clientSecret: opts.clientSecret,
          _card: function () { return input ? input.value.replace(/\\D/g, '') : ''; },
          create: function (type) {
            if (type !== 'payment') throw new Error('fake Stripe.js: only the payment element');
            return {
              mount: function (target) {
                host = typeof target === 'string' ? document.querySelector(target) : target;
                host.innerHTML = '';
                var label = document.createElement('label');
                label.className = 'fake-stripe-card';
                label.style.display = 'grid';
                label.style.gap = '4px';
                label.textContent = ja ? 'カード番号' : 'Card number';
                input = document.createElement('input');
                input.autocomplete = 'cc-number';
                input.inputMode = 'numeric';
                input.placeholder = '1234 1234 1234 1234';
                input.style.padding = '10px';
                input.style.border = '1px solid #ccc';
                input.style.borderRadius = '4px';
                input.style.font = 'inherit';
                label.appendChild(input);
                host.appendChild(label);
              },
              on: function () {},
              destroy: function () { if (host) host.innerHTML = ''; input = null; }
            };
          }
        };
      },
      confirmPayment: function (args) {
        var elements = args.elements;
        var secret = elements._clientSecret;
        var pm = CARDS[elements._card()];
        if (!pm) {
          return Promise.resolve({
            error: { type: 'validation_error', message: 'Your card number is invalid.' }
          });
        }
        var id = secret.split('_secret_')[0];
        var body = new URLSearchParams({
          payment_method: pm,
          client_secret: secret,
          key: publishableKey
        });
        return fetch(API + '/v1/payment_intents/' + encodeURIComponent(id) + '/confirm', {
          method: 'POST',
          body: body
        }).then(function (res) {
          return res.json().then(function (json) {
            return res.ok ? { paymentIntent: json } : { error: json.error };
          });
        });
      }
    };
  };
})();
`;
}
