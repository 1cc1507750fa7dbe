/** The events in a server-sent-events body received so far (`event:` and one JSON `data:` line each). */
export function parseSseEvents<T = unknown>(body: string): Array<{ event: string; data: T }> {
  return body
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.slice('event: '.length), data: JSON.parse(dataLine!.slice('data: '.length)) };
    });
}
