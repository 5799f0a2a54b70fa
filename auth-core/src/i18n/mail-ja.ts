import type { MailWords } from "./mail-words.js";

function lifetime(seconds: number): string {
  if (seconds % 3600 === 0) return `${seconds / 3600}時間`;
  return `${Math.max(1, Math.round(seconds / 60))}分`;
}

/** Japanese, in the polite form (です・ます) that service mails use. */
export const mailJa: MailWords = {
  lifetime,
  greeting: (name) => (name.trim() ? `${name.trim()} 様` : "こんにちは。"),
  buttonFallback: "ボタンが使えない場合は、次のリンクを開いてください：",
  support: (email) => `ご不明な点は ${email} までお問い合わせください。`,

  verification: {
    subject: (app) => `${app} のメールアドレスを確認してください`,
    heading: () => "メールアドレスの確認",
    lines: (_app, l, to) => [`${to} があなたのメールアドレスであることを確認してください。`, `リンクの有効期間は${l}です。`],
    button: "メールアドレスを確認",
    footer: "このメールに心当たりがない場合は、無視してください。",
  },
  changeEmail: {
    subject: (app) => `${app} の新しいメールアドレスを確認してください`,
    heading: () => "新しいメールアドレスの確認",
    lines: (_app, l, from, to) => [
      `アカウントのメールアドレスを ${from} から ${to} に変更するよう依頼がありました。`,
      `${l}以内に変更を確認してください。確認後、新しいアドレスに確認用のリンクをお送りします。`,
    ],
    button: "変更を確認",
    footer: "この依頼に心当たりがない場合は、このメールを無視し、パスワードの変更をご検討ください。",
  },
  passwordReset: {
    subject: (app) => `${app} のパスワードを再設定してください`,
    heading: () => "パスワードの再設定",
    lines: (_app, l) => ["アカウントのパスワードを再設定するよう依頼がありました。", `リンクの有効期間は${l}で、使えるのは 1 回だけです。`],
    button: "パスワードを再設定",
    footer: "この依頼に心当たりがない場合は、このメールを無視してください。パスワードは変更されません。",
  },
  deleteAccount: {
    subject: (app) => `${app} のアカウント削除を確認してください`,
    heading: () => "アカウント削除の確認",
    lines: (_app, l) => [
      "アカウントを削除するよう依頼がありました。リンクを開くと、アカウントとそのすべてのデータが削除されます。元に戻すことはできません。",
      `リンクの有効期間は${l}で、サインインしている間だけ使えます。`,
    ],
    button: "アカウントを削除",
    footer: "この依頼に心当たりがない場合は、このメールを無視してください。アカウントはそのまま残ります。",
  },
  invitationSignUp: {
    subject: (app, _to, organization) => `${organization} に参加するための ${app} アカウントを作成してください`,
    heading: (_app, _to, organization) => `${organization} に参加`,
    lines: (_app, l, to, organization) => [
      `${organization} への招待に応じるため、${to} のアカウントの作成を依頼されました。リンクを開くとアカウントが作成され、サインインして招待が表示されます。`,
      `リンクの有効期間は${l}で、使えるのは 1 回だけです。`,
    ],
    button: "アカウントを作成",
    footer: "この依頼に心当たりがない場合は、このメールを無視してください。アカウントは作成されません。",
  },
  invitationHasAccount: {
    subject: (app) => `${app} のアカウントはすでにあります`,
    heading: () => "アカウントはすでにあります",
    lines: (_app, _l, to, organization) => [
      `${organization} に参加するため ${to} のアカウントの作成を依頼されましたが、このアドレスのアカウントはすでにあります。`,
      "招待を開き、いつもの方法でサインインしてください。",
    ],
    button: "招待を開く",
    footer: "この依頼に心当たりがない場合は、このメールを無視してください。",
  },
  invitation: {
    subject: (inviter, organization) => `${inviter} さんから ${organization} への招待が届いています`,
    heading: (organization) => `${organization} に参加`,
    lines: (inviter, inviterEmail, organization, role, until) => [
      `${inviter} さん（${inviterEmail}）が、あなたを ${role} として ${organization} に招待しました。`,
      `リンクは ${until} まで有効です。`,
    ],
    button: "招待を承諾",
    footer: "この招待に心当たりがない場合は、このメールを無視してください。",
  },
  magicLink: {
    subject: (app) => `${app} のサインインリンク`,
    heading: (app) => `${app} にサインイン`,
    lines: (app, l, to) => [
      `下のリンクを開くと、${to} として ${app} にサインインします。`,
      `リンクの有効期間は${l}で、使えるのは 1 回だけです。このアドレスのアカウントがまだない場合は、開いたときに作成されます。`,
    ],
    button: "サインイン",
    footer: "サインインを依頼していない場合は、このメールを無視してください。リンクがなければ誰もサインインできません。",
  },
  emailCode: {
    subject: (app, type) =>
      type === "sign-in" ? `${app} のサインインコード` : type === "email-verification" ? `${app} の確認コード` : `${app} のパスワード再設定コード`,
    heading: (app, type) => (type === "sign-in" ? `${app} にサインイン` : type === "email-verification" ? "メールアドレスの確認" : "新しいパスワードの設定"),
    is: (app, type, code) =>
      type === "sign-in"
        ? `${app} にサインインするためのコードは ${code} です。`
        : type === "email-verification"
          ? `メールアドレスを確認するためのコードは ${code} です。`
          : `新しいパスワードを設定するためのコードは ${code} です。`,
    valid: (l) => `有効期間は${l}で、使えるのは 1 回だけです。`,
    footer: "このコードを依頼していない場合は、このメールを無視してください。コードは誰にも教えないでください。",
  },
  twoFactorCode: {
    subject: (app) => `${app} のサインインコード`,
    heading: "サインインコード",
    is: (code) => `サインインコードは ${code} です。`,
    valid: (l) => `有効期間は${l}で、依頼したブラウザで 1 回だけ使えます。`,
    footer: "サインインした覚えがない場合、誰かがあなたのパスワードを知っています。今すぐ変更してください。",
  },
  notice: {
    passwordChanged: { subject: (app) => `${app} のパスワードが変更されました`, line: "アカウントのパスワードが変更されました。" },
    passwordReset: {
      subject: (app) => `${app} のパスワードが再設定されました`,
      line: "このアドレスに送信されたリンクから、アカウントのパスワードが再設定されました。",
    },
    passwordSet: {
      subject: (app) => `${app} のアカウントにパスワードが追加されました`,
      line: (passwordSignIn) =>
        passwordSignIn ? "アカウントにパスワードが設定されました。今後はこのパスワードでサインインできます。" : "アカウントにパスワードが設定されました。",
    },
    emailChanged: {
      subject: (app) => `${app} アカウントのメールアドレスが変更されました`,
      line: (from, to) =>
        `アカウントのメールアドレスが ${from} から ${to} に変更されました。このアドレスではサインインできなくなり、アカウントのほかのセッションはすべてサインアウトされました。`,
    },
    passkeyAdded: {
      subject: (app) => `${app} のアカウントにパスキーが追加されました`,
      line: (name) => (name ? `アカウントにパスキー「${name}」が追加されました。` : "アカウントにパスキーが追加されました。"),
    },
    passkeyDeleted: {
      subject: (app) => `${app} のアカウントからパスキーが削除されました`,
      line: (name) => (name ? `アカウントからパスキー「${name}」が削除されました。` : "アカウントからパスキーが削除されました。"),
    },
    providerLinked: {
      subject: (app, provider) => `${app} のアカウントに ${provider} が連携されました`,
      line: (provider) => `アカウントに ${provider} アカウントが連携されました。今後はこのアカウントでサインインできます。`,
    },
    twoFactorEnabled: {
      subject: (app) => `${app} のアカウントで 2 段階認証がオンになりました`,
      line: "2 段階認証がオンになりました。今後、アカウントへのサインインでは 2 つ目の確認も求められます。",
    },
    twoFactorDisabled: {
      subject: (app) => `${app} のアカウントで 2 段階認証がオフになりました`,
      line: "2 段階認証がオフになりました。今後、アカウントへのサインインで 2 つ目の確認は求められません。",
    },
    backupCodesRegenerated: {
      subject: (app) => `${app} のアカウントの新しいバックアップコードが作成されました`,
      line: "アカウントの 2 段階認証用バックアップコードが新しく作成されました。以前のコードは使えなくなりました。",
    },
    apiKeyCreated: {
      subject: (app, organization) => (organization ? `${organization} の API キーが作成されました` : `${app} のアカウントで API キーが作成されました`),
      line: (label, organization) =>
        `${organization ? `組織 ${organization}` : "あなたのアカウント"}の API キー${label ? ` ${label}` : ""}が作成されました。このキーを持つ人は、キーが削除・無効化されるか期限切れになるまで、その権限で操作できます。`,
    },
    apiKeyLabel: (name, start) => [name ? `「${name}」` : null, start ? `（${start} で始まるもの）` : null].filter(Boolean).join("") || null,
    unprovenRemoved: {
      subject: (app) => `アドレスの確認前に ${app} のアカウントに追加されたものを削除しました`,
      line: (how) =>
        `このアドレスは、${how}によって、あなたのアカウントで初めて確認されました。それまでは誰でもこのアドレスを登録できたため、以前にアカウントに追加されていた次のものを削除しました：`,
      proofs: {
        passwordReset: "このアドレスに送信されたリンクによるパスワードの再設定",
        magicLink: "このアドレスに送信されたサインインリンク",
        emailOtp: "このアドレスに送信されたサインインコード",
        provider: (name) => `このアドレスを保証する ${name} `,
      },
      removed: {
        passkeys: (n) => `パスキー ${n} 件`,
        apiKeys: (n) => `API キー ${n} 件`,
        twoFactor: "2 段階認証（認証アプリとバックアップコード）",
        providers: (names) => `連携していた ${names.join("、")} アカウント`,
        password: (passwordSignIn) =>
          passwordSignIn ? "以前に設定されたパスワード（使う場合は「パスワードをお忘れですか」から新しく設定してください）" : "以前に設定されたパスワード",
        invitations: (n) => `このアカウントから送信された保留中の招待 ${n} 件（取り消し済み）`,
        sessions: (n) => `すべてのセッション（${n} 台のブラウザがサインアウトされました）`,
      },
      addAgain: (organizations) =>
        `このうちあなたのものがあれば、もう一度追加してください。${
          organizations.length
            ? `アカウントは引き続き ${organizations.join("、")} のメンバーです。心当たりがあるか確認し、ない組織からは退出してください。`
            : ""
        }`,
    },
    wasYou: "ご本人による操作であれば、何もする必要はありません。",
    notYou: {
      removal:
        "この操作に心当たりがない場合、ほかの誰かがこのメールボックスやプロバイダーのアカウントを使える状態です。まずそれらを保護してから、アカウントを確認してください。サインインできなくなった場合は、このサービスの管理者にお問い合わせください。",
      emailChanged: (passwordSignIn) =>
        passwordSignIn
          ? "ご本人でない場合、ほかの誰かがあなたのアカウントを操作しています。パスワード、パスキー、または連携アカウントでサインインし、パスワードを変更して、すべてのセッションをサインアウトし、メールアドレスを元に戻してください。サインインできなくなった場合は、このサービスの管理者にお問い合わせください。"
          : "ご本人でない場合、ほかの誰かがあなたのアカウントを操作しています。パスキーまたは連携アカウントでサインインし、すべてのセッションをサインアウトして、メールアドレスを元に戻してください。サインインできなくなった場合は、このサービスの管理者にお問い合わせください。",
      twoFactorEnabled: (passwordSignIn) =>
        passwordSignIn
          ? "ご本人でない場合、ほかの誰かがあなたのアカウントにサインインしています。サインインして 2 段階認証をオフにし、パスワードを変更して、ほかのすべてのセッションをサインアウトしてください。サインインできなくなった場合は、このサービスの管理者にお問い合わせください。"
          : "ご本人でない場合、ほかの誰かがあなたのアカウントにサインインしています。パスキーまたは連携アカウントでサインインして 2 段階認証をオフにし、ほかのすべてのセッションをサインアウトしてください。サインインできなくなった場合は、このサービスの管理者にお問い合わせください。",
      other: (passwordSignIn) =>
        passwordSignIn
          ? "ご本人でない場合は、サインインしてパスワードを変更し、ほかのすべてのセッションをサインアウトしてください。サインインできなくなった場合は、サインインページからパスワードの再設定を依頼してください。"
          : "ご本人でない場合は、パスキーまたは連携アカウントでサインインし、ほかのすべてのセッションをサインアウトして、心当たりのないものを削除してください。サインインできなくなった場合は、このサービスの管理者にお問い合わせください。",
    },
    button: "アカウントを確認",
    footer: "このメールは、アカウントのセキュリティ設定が変更されたためにお送りしています。何かを変更するリンクは含まれていません。",
  },
};
