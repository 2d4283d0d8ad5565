/** RSA PKCS#1 v1.5 with the server's public key, base64 — what /oauth/v4/token expects (JSEncrypt). */
export async function encryptPassword(publicKey: string, password: string): Promise<string> {
  const { JSEncrypt } = await import('jsencrypt');
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKey);
  const cipher = rsa.encrypt(password);
  if (!cipher) throw new Error('encrypt failed');
  return cipher;
}
