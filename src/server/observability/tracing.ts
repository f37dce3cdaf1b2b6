/**
 * OpenTelemetry traces over OTLP/HTTP (only loaded when OTEL_EXPORTER_OTLP_ENDPOINT is set): the
 * official Node SDK with its AsyncLocalStorage context, so that a statement's span nests under
 * the request that ran it. Spans are made here rather than by auto-instrumentation, which would
 * need loader hooks before the bundles load (see docs/operations.md, "Metrics and traces").
 */
import { type Span, SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

export interface Tracing {
  /** Runs `next` inside a server span for the request; `finish` ends it with what was answered. */
  request(method: string, path: string, next: () => void): { span: Span; finish: (attrs: Finished) => void };
  query<T>(engine: string, text: string, run: () => Promise<T>): Promise<T>;
  shutdown(): Promise<void>;
}

export interface Finished {
  route: string;
  status: number;
  requestId: string | undefined;
}

/** Statements are cut to this length in spans: enough to recognise, not a copy of every batch. */
const MAX_STATEMENT = 2_000;

export function startTracing(endpoint: string, serviceName: string, version: string): Tracing {
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/+$/, '')}/v1/traces` });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: serviceName, [ATTR_SERVICE_VERSION]: version }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1_000 })],
  });
  provider.register();
  const tracer = trace.getTracer('gear-shop', version);
  return {
    request(method, path, next) {
      const span = tracer.startSpan(`${method}`, {
        kind: SpanKind.SERVER,
        attributes: { 'http.request.method': method, 'url.path': path },
      });
      context.with(trace.setSpan(context.active(), span), next);
      return {
        span,
        finish({ route, status, requestId }) {
          span.updateName(`${method} ${route}`);
          span.setAttribute('http.route', route);
          span.setAttribute('http.response.status_code', status);
          if (requestId) span.setAttribute('request.id', requestId);
          if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
          span.end();
        },
      };
    },
    async query(engine, text, run) {
      const span = tracer.startSpan('db.query', {
        kind: SpanKind.CLIENT,
        attributes: {
          'db.system.name': 'postgresql',
          'db.query.text': text.slice(0, MAX_STATEMENT),
          'shop.db.engine': engine,
        },
      });
      try {
        return await run();
      } catch (error) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
        throw error;
      } finally {
        span.end();
      }
    },
    shutdown: () => provider.shutdown(),
  };
}
