/** Test support for auth-core and its users: real databases, a movable clock, a cookie jar. */
export { createTestAuth, createTestAuthBeside, TEST_BASE_URL, TEST_SCRYPT_PARAMS, TEST_SECRET, type TestAuth, type TestAuthInput } from "./create-test-auth.js";
export { createTestDatabase, testDialects, withPostgresSchemaLock, type TestDatabase, type TestDialect } from "./test-database.js";
export { createTestBrowser, type TestBrowser } from "./http.js";
export { settledMail, settledMailedLink } from "./mail-wait.js";
export { hotp, totpCodeFor } from "./totp.js";
export {
  createSoftwareAuthenticator,
  encodeCBOR,
  type CeremonyOverrides,
  type SoftwareAuthenticator,
  type SoftwareAuthenticatorOptions,
  type SoftwareCredential,
} from "./software-authenticator.js";
export { authPath, decodeMail, findLink, startTestSMTPServer, type DeliveredMail, type TestSMTPServer } from "./smtp.js";
export {
  createOpenIDProvider,
  finishInteraction,
  startTestOpenIDProvider,
  type OIDCClientRegistration,
  type OIDCPerson,
  type OpenIDProviderCoreInput,
  type StartTestOpenIDProviderInput,
  type TestOpenIDProvider,
} from "./oidc-provider.js";
export {
  createRecordingMailer,
  readJSON,
  seedOrganization,
  signUpPerson,
  type RecordingMailer,
  type SeededOrganization,
  type TestPerson,
} from "./organization.js";
export { startTestDNSServer, type TestDNSServer } from "./dns-server.js";
export {
  createSamlIdp,
  decodeResponse,
  encodeResponse,
  IDP_ENTITY_ID,
  IDP_SSO_URL,
  makeSamlResponse,
  makeSigningKeyPair,
  readAuthnRequest,
  samlPostPage,
  type KeyPair,
  type ResponseOptions,
} from "./saml-idp.js";
export { planOf, statementsOf } from "./query-plan.js";
