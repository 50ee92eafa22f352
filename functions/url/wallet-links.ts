import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { walletGooglecardPublic, walletPkpassPublic } from '../../shared/api/routes/wallet.ts';
import { msg } from '../../shared/messages.ts';
import { handler as pkpass } from '../handlers/wallet-pkpass-public.ts';
import { handler as googlecard } from '../handlers/wallet-googlecard-public.ts';

// The signed public wallet links behind a Lambda function URL (CloudFront, origin access control),
// as the design card says: a function URL has no route table, so the path is matched here and the
// route's own handler runs with the path parameters API Gateway would have set.

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const routes: { pattern: RegExp; routeKey: string; handler: Handler }[] = [
  { pattern: /^\/api\/wallet\/pkpass\/([^/]+)\/([^/]+)\/?$/, routeKey: `GET ${walletPkpassPublic.path}`, handler: pkpass as Handler },
  { pattern: /^\/api\/wallet\/googlecard\/([^/]+)\/([^/]+)\/?$/, routeKey: `GET ${walletGooglecardPublic.path}`, handler: googlecard as Handler },
];

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export const handler: Handler = async (event, context) => {
  const method = event.requestContext?.http?.method;
  for (const r of routes) {
    const m = r.pattern.exec(event.rawPath);
    if (!m) continue;
    if (method !== 'GET' && method !== 'HEAD') break;
    return r.handler({ ...event, routeKey: r.routeKey, pathParameters: { id: decode(m[1]!), signature: decode(m[2]!) } }, context);
  }
  return {
    statusCode: 404,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ message: msg.errors.routeNotFound }),
  };
};
