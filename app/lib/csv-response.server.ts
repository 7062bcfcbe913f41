/**
 * A CSV download streamed as it is produced (any number of rows in constant memory), with a UTF-8
 * byte order mark first so spreadsheets read accented names right. Private and never cached.
 */
export function csvResponse(chunks: AsyncGenerator<string>, fileName: string): Response {
  const encoder = new TextEncoder();
  let started = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await chunks.next();
      if (next.done) {
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(started ? next.value : `\uFEFF${next.value}`));
      started = true;
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName.replace(/["\\\r\n]/g, "")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
