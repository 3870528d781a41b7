import type { MessageTexts } from '../messages.js';

/** The registry's texts (`Messages`, errors.ts) in Japanese, as a Japanese shop words them. */
const JA: MessageTexts = {
  messages: {
    SESSION_EXPIRED:
      'セッションの有効期限が切れました。ページを再読み込みしてもう一度お試しください。',
    COOKIES_DISABLED: 'ブラウザのCookieを有効にし、ページを再読み込みしてもう一度お試しください。',
    TOO_MANY_REQUESTS: '数秒後にもう一度お試しください。',
    VARIANT_UNAVAILABLE:
      '申し訳ありません。この組み合わせの商品はご用意がありません。別の組み合わせをお選びください。',
    OUT_OF_STOCK: '申し訳ありません。ご希望の数量の在庫がありません。',
    QUANTITY_NOT_A_NUMBER: '数量は数字で入力してください。',
    QUANTITY_NOT_WHOLE: '数量は整数で入力してください。',
    EXPRESS_CHECKOUT_NO_CART:
      'セッションの有効期限が切れたか、Cookieが無効になっています。ご購入手続きに進めません。',
    GIFT_CARD_DENOMINATION: 'ギフトカードの金額を選択してください。',
    QUANTITY_OUT_OF_RANGE: '数量は1〜9999の範囲で入力してください。',
    INVALID_ORIGINAL_SIZE: '画像のサイズ（originalSize）が正しくありません。',
    UNABLE_UPDATE_QUANTITY: '数量を変更できませんでした',
    UNABLE_REMOVE_ITEM: '商品を削除できませんでした',
    UNABLE_ADD_ITEM: '商品を追加できませんでした',
    UNABLE_UPDATE_FORM: '入力内容を更新できませんでした',
    UNABLE_OPEN_FORM: '入力フォームを開けませんでした',
    CHECK_CONNECTION: 'インターネット接続をご確認ください。',
    PLEASE_TRY_AGAIN: 'もう一度お試しください。',
    CART_EMPTY: 'カートに商品はありません。',
    UPDATE_MISSING_INFO: '未入力または正しくない項目があります。上の入力内容をご確認ください。',
    RESTOCK_FAILED: '送信できませんでした。しばらくしてからもう一度お試しください。',
    RESTOCK_SIGNED_UP: '登録しました',
    EMAIL_BLANK: 'メールアドレスを入力してください',
    EMAIL_INVALID: 'メールアドレスが正しくありません',
    FORM_UNAUTHORIZED: '送信できませんでした。しばらくしてからもう一度お試しください。',
    FORM_NOT_CONFIGURED: 'このフォームはまだ設定されていません。',
    FORM_RATE_LIMITED:
      '送信できませんでした。送信回数の上限を超えました。しばらくしてからもう一度お試しください。',
    FORM_SERVER_ERROR: '送信できませんでした。しばらくしてからもう一度お試しください。',
    FORM_UNKNOWN_ERROR: '不明なエラーです。しばらくしてからもう一度お試しください。',
    FORM_PROCESSING_ERROR:
      '送信の処理中にエラーが発生しました。ページを再読み込みしてもう一度お試しください。',
    FORM_NO_KEY: '送信の準備ができませんでした。しばらくしてからもう一度お試しください。',
    FORM_PARSE_ERROR: '入力内容を読み取れませんでした。入力内容をご確認ください。',
    FORM_INVALID_FIELDS: '正しくない項目があります。入力内容をご確認ください。',
    FORM_BANNER_ABOVE: 'フォームに問題があります。下にスクロールしてご確認ください。',
    FORM_BANNER_BELOW: 'フォームに問題があります。上にスクロールしてご確認ください。',
    REQUIRED: '必須項目です',
    LIKERT_MISSING: '未回答の必須の質問があります。',
    CHARACTER_LIMIT: '文字数の上限を超えています。',
    FORM_EMAIL_INVALID:
      'メールアドレスが正しくありません。user@domain.com の形式で入力してください。',
    CAPTCHA_REQUIRED: '送信する前に確認を完了してください。',
    NOT_FOUND: '見つかりません。',
    NO_SUCH_WEBSITE: 'このアドレスにはウェブサイトがありません。',
    INVALID_REQUEST: 'リクエストが正しくありません。',
    FORBIDDEN: 'このウェブサイトへのアクセス権がありません。',
    INTERNAL: 'エラーが発生しました',
    RESTOCK_IN_STOCK: 'この商品は再入荷しました。ページを再読み込みしてください。',
    SUBSCRIPTION_ONLY: 'この商品は定期購入でのみお求めいただけます。',
    NOT_SUBSCRIBABLE: 'この商品は定期購入に対応していません。',
    SUBSCRIPTION_OPTION_UNAVAILABLE:
      'この定期購入のプランはご利用いただけません。別のプランをお選びください。',
    SERVICE_SINGLE_QUANTITY: 'このサービスはカートに1つまで追加できます。',
    IDEMPOTENCY_KEY_REUSED:
      'このリクエストは別の内容ですでに送信されています。ページを再読み込みしてもう一度お試しください。',
    CHECKOUT_CART_CHANGED:
      'カートの内容が変更されました。内容をご確認のうえ、もう一度お試しください。',
    PAYMENT_METHOD_UNAVAILABLE: 'このお支払い方法は現在ご利用いただけません。',
    NOTHING_LEFT_TO_PAY: 'お支払い残額はありません。カードを使わずにご注文を確定してください。',
    CUSTOMER_CODE_INVALID:
      'コードが正しくないか、有効期限が切れています。最新のメールをご確認いただくか、新しいコードをお求めください。',
    CUSTOMER_LINK_INVALID:
      'このログインリンクは有効期限が切れているか、すでに使用されています。新しいコードをお求めください。',
    CUSTOMER_ACCOUNTS_OFF: 'このショップではお客様アカウントをご利用いただけません。',
    CUSTOMER_SIGN_IN_REQUIRED: 'アカウントにログインしてください。',
    REVIEW_INVALID: 'レビューの内容をご確認ください。',
    REVIEW_EXISTS: 'この商品はレビュー済みです。ありがとうございました。',
    REVIEW_LINK_INVALID: 'このレビューのリンクは無効か、期限が切れています。',
    REVIEWS_OFF: '現在、このショップはレビューを受け付けていません。',
    PAYMENT_ACTION_REQUIRED: 'カード会社による本人認証が必要です。',
    PAYMENT_NOT_FOUND:
      'このお支払いはこのご注文のものではありません。カード情報をもう一度入力してください。',
    PAYMENT_TOTAL_CHANGED:
      'カード確認後にご注文の合計金額が変わりました。内容をご確認のうえ、もう一度お支払いください。',
    CHECKOUT_MINIMUM_SUBTOTAL: 'ご購入には小計{subtotal}以上のご注文が必要です。',
    PAYMENT_DECLINED: 'カードが承認されませんでした。',
    DISCOUNT_UNAVAILABLE:
      '割引コード{code}は現在ご利用いただけません。削除してからご購入手続きに進んでください。',
    GIFT_CARD_INVALID: 'このギフトカードのコードは無効です。',
    GIFT_CARD_BALANCE_CHANGED:
      'ご購入手続き中にギフトカードの残高が変わりました。金額をご確認のうえ、もう一度お試しください。',
    GIFT_CARD_FIELDS_INVALID:
      'ギフトカードの入力内容に誤りがあります。強調表示された項目をご確認ください。',
    SUBSCRIPTION_LINK_INVALID: 'この定期購入のリンクは無効か、有効期限が切れています。',
    PAYLOAD_TOO_LARGE: 'リクエストが大きすぎます。',
    PAGE_PASSWORD_WRONG: 'パスワードが正しくありません。もう一度お試しください。',
    COMMENT_INVALID: 'コメントの内容をご確認ください。',
    COMMENTS_CLOSED: 'コメントは締め切られました。',
  },
  // Written out, not imported, so this chunk shares no module with the pages that fetch it
  // (text-packs.test.ts checks each source's texts have their Japanese).
  extra: {
    // SPEC 2.2's alert titles (ALERT_TITLES).
    'Unable to Add Item': 'カートに追加できませんでした',
    'Unable to Purchase Item': 'ご購入手続きに進めませんでした',
    'Unable to purchase Gift Card': 'ギフトカードを購入できませんでした',
    // The checkout's field rules (address-rules.ts, SPEC 5.7's PostalMessages) and the server's.
    'Please enter a valid email': '正しいメールアドレスを入力してください。',
    'We do not ship to this country.': 'この国・地域には配送できません。',
    'Please choose one of the shipping options offered.':
      '表示されている配送方法から選んでください。',
    'Postal Codes need to be 4 digits.': '郵便番号は4桁の数字で入力してください。',
    'Postal Codes need to be 5 digits': '郵便番号は5桁の数字で入力してください。',
    'Postcodes need to be 4 digits': '郵便番号は4桁の数字で入力してください。',
    'ZIP Codes need to be 5 digits.': 'ZIPコードは5桁の数字で入力してください。',
    'Invalid postal code.': '郵便番号が正しくありません。',
    'An FSA code is invalid.': 'FSAコードが正しくありません。',
    // The checkout's payment step (CARD_MESSAGES, checkout-steps.ts) and the test card's answers.
    'Enter your card number.': 'カード番号を入力してください。',
    'Test mode: use 4242 4242 4242 4242.':
      'テストモードでは 4242 4242 4242 4242 をお使いください。',
    'Choose how to pay.': 'お支払い方法を選んでください。',
    'Choose a shipping method.': '配送方法を選んでください。',
    'Your card has insufficient funds.': 'カードの利用可能額が不足しています。',
    // Why a discount code does not apply (DiscountReasons; MINIMUM's amount is filled in).
    'Spend {amount} or more to use this code.': '{amount}以上のご購入でご利用いただけます。',
    'Add something to your cart to use this code.': 'カートに商品を入れてからご利用ください。',
    'This code is not valid.': 'このコードは無効です。',
    'This code has expired.': 'このコードは有効期限が切れています。',
    'This code is not valid yet.': 'このコードはまだご利用いただけません。',
    'This code has been used up.': 'このコードは利用上限に達しました。',
    'This code was already used with this email.': 'このコードはこのメールアドレスで利用済みです。',
    'This code does not apply to the items in your cart.':
      'このコードはカート内の商品には使えません。',
    'A larger discount is already applied to this order.':
      'より大きな割引がすでに適用されています。',
    // The gift card checkout's field checks (GiftCardFieldTexts, checkout/gift-cards.ts).
    'Please enter a date.': '日付を入力してください。',
    'Please choose today or a later date.': '今日以降の日付を選んでください。',
    'Please choose a date within a year.': '1年以内の日付を選んでください。',
    'Please use at most {max} characters.': '{max}文字以内で入力してください。',
    // Why a gift card code cannot pay (GiftCardReasons).
    'This gift card has been disabled.': 'このギフトカードは利用停止されています。',
    'This gift card has no balance left.': 'このギフトカードの残高はありません。',
    'This gift card is in {currency} and cannot pay this order.':
      'このギフトカードは{currency}建てのため、このご注文には使えません。',
  },
  selectOptions: (names) => `${names.join('、')}を選択してください。`,
};

export default JA;
