// vichess pegboard, protocol version 1: reference firmware (see pegboard-protocol.md).
//
// Hardware: an Arduino Mega (or any board with 16 free pins), 64 reed switches wired as an
// 8 x 8 matrix with one diode per switch (anode to the column). Rows: pins 22-29, driven low
// one at a time. Columns: pins 30-37, inputs with pull-ups; a closed switch reads LOW on its
// column while its row is driven. Row 0 is rank 1, column 0 is file a. Occupancy only ("O").

const uint8_t ROW_PINS[8] = {22, 23, 24, 25, 26, 27, 28, 29};
const uint8_t COL_PINS[8] = {30, 31, 32, 33, 34, 35, 36, 37};
// A change must hold this long before it is reported. Counted in time, not scans: a scan of
// the 64 holes takes under 1 ms, so a few scans would be far shorter than a reed's bounce or
// a magnet passing the neighbouring hole.
const uint16_t SETTLE_MS = 30;

bool reported[64];                   // what vichess was told
bool seen[64];                       // what the last scan read
unsigned long since[64];             // when `seen` last changed (millis)
uint8_t seq = 0;                     // line number, wraps after 255
unsigned long lastLine = 0;
char in[64];                         // a buzz line is the longest: z and 8 durations
// Optional tactile clock: a 3 V coin vibration motor switched by an NPN transistor (or a
// logic-level MOSFET) from this pin, with a flyback diode across the motor. -1: none.
const int8_t BUZZ_PIN = 8;
uint16_t buzz[8];                    // on, off, on, ... in ms, from the last z line
uint8_t buzzLen = 0, buzzAt = 0;
unsigned long buzzSince = 0;
uint8_t inLen = 0;
bool inLine = false;
bool quiet = true;                   // no change reports until the first reading is taken

// Sends "$body*CC\n" with the next line number inserted after the type letter.
void sendLine(char type, const char *fields) {
  char body[96];
  if (fields[0]) snprintf(body, sizeof body, "%c,%u,%s", type, seq, fields);
  else snprintf(body, sizeof body, "%c,%u", type, seq);
  uint8_t cs = 0;
  for (const char *p = body; *p; p++) cs ^= (uint8_t)*p;
  char tail[4];
  snprintf(tail, sizeof tail, "*%02X", cs);
  Serial.print('$');
  Serial.print(body);
  Serial.println(tail);              // println ends with \r\n: allowed
  seq++;
  lastLine = millis();
}

void squareName(uint8_t sq, char *out) {
  out[0] = 'a' + (sq % 8);
  out[1] = '1' + (sq / 8);
  out[2] = 0;
}

void sendSnapshot() {
  char f[72];
  uint8_t n = 0;
  for (int8_t rank = 7; rank >= 0; rank--) {
    for (uint8_t file = 0; file < 8; file++) f[n++] = reported[rank * 8 + file] ? 'o' : '.';
    if (rank > 0) f[n++] = '/';
  }
  f[n] = 0;
  sendLine('S', f);
}

void scan() {
  for (uint8_t r = 0; r < 8; r++) {
    digitalWrite(ROW_PINS[r], LOW);
    delayMicroseconds(30);
    for (uint8_t c = 0; c < 8; c++) {
      uint8_t sq = r * 8 + c;
      bool occupied = digitalRead(COL_PINS[c]) == LOW;
      if (occupied != seen[sq]) {
        seen[sq] = occupied;
        since[sq] = millis();
      }
      if ((quiet || millis() - since[sq] >= SETTLE_MS) && seen[sq] != reported[sq]) {
        reported[sq] = seen[sq];
        char name[3];
        squareName(sq, name);
        if (!quiet) sendLine(occupied ? 'P' : 'L', name);
      }
    }
    digitalWrite(ROW_PINS[r], HIGH);
  }
}

// Starts a buzz pattern from "z,300,100,300" (checksum already checked). Never blocks: the
// pattern plays out in buzzTick() while the board keeps scanning.
void startBuzz(char *fields) {
  buzzLen = 0;
  for (char *p = strtok(fields, ","); p && buzzLen < 8; p = strtok(NULL, ",")) {
    unsigned long ms = strtoul(p, NULL, 10);
    if (ms < 1 || ms > 2000) { buzzLen = 0; sendLine('E', "2,bad buzz"); return; }
    buzz[buzzLen++] = ms;
  }
  buzzAt = 0;
  buzzSince = millis();
  if (BUZZ_PIN >= 0 && buzzLen) digitalWrite(BUZZ_PIN, HIGH);
}

// Steps through the pattern: even entries on, odd entries off; off at the end.
void buzzTick() {
  if (BUZZ_PIN < 0 || buzzAt >= buzzLen) return;
  if (millis() - buzzSince < buzz[buzzAt]) return;
  buzzSince = millis();
  buzzAt++;
  digitalWrite(BUZZ_PIN, (buzzAt < buzzLen && buzzAt % 2 == 0) ? HIGH : LOW);
}

// Reads host lines: $h*68, $s*73, $p*70, and $z,ON,OFF,...*CC (no answer).
void readHost() {
  while (Serial.available()) {
    char ch = Serial.read();
    if (ch == '$') { inLine = true; inLen = 0; continue; }
    if (!inLine || ch == '\r') continue;
    if (ch != '\n') {
      if (inLen < sizeof in - 1) in[inLen++] = ch;
      else { inLine = false; sendLine('E', "2,line too long"); }
      continue;
    }
    inLine = false;
    in[inLen] = 0;
    char *star = strchr(in, '*');
    if (!star) { sendLine('E', "2,no checksum"); continue; }
    *star = 0;
    uint8_t cs = 0;
    for (char *p = in; *p; p++) cs ^= (uint8_t)*p;
    if (strtoul(star + 1, NULL, 16) != cs) { sendLine('E', "3,bad checksum"); continue; }
    if (strcmp(in, "h") == 0) sendLine('H', "1,O,reed pegboard");
    else if (strcmp(in, "s") == 0) sendSnapshot();
    else if (strcmp(in, "p") == 0) sendLine('B', "");
    else if (strncmp(in, "z,", 2) == 0) startBuzz(in + 2);
    else sendLine('E', "2,unknown command");
  }
}

void setup() {
  Serial.begin(115200);
  if (BUZZ_PIN >= 0) { pinMode(BUZZ_PIN, OUTPUT); digitalWrite(BUZZ_PIN, LOW); }
  for (uint8_t i = 0; i < 8; i++) {
    pinMode(ROW_PINS[i], OUTPUT);
    digitalWrite(ROW_PINS[i], HIGH);
    pinMode(COL_PINS[i], INPUT_PULLUP);
  }
  // Start from what the sensors read now, without reporting it as changes.
  scan();
  quiet = false;
  // The port opening reset this board (DTR) and its bootloader missed vichess's first
  // requests: say hello and send the snapshot unasked, so play starts at once.
  sendLine('H', "1,O,reed pegboard");
  sendSnapshot();
}

void loop() {
  readHost();
  buzzTick();
  scan();
  if (millis() - lastLine >= 1000) sendLine('B', "");
}
