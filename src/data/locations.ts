/** A city we serve, with facts used to write a page that is useful on its own. */
export interface City {
  /** Display name, e.g. "Winter Park". */
  name: string;
  /** URL slug: lowercase, hyphenated ASCII, e.g. "winter-park". */
  slug: string;
  /** County name without the word County, e.g. "Orange". */
  county: string;
  /** Approximate latitude/longitude of the city center (4 decimals), used to list nearby cities. */
  lat: number;
  lng: number;
  /** Two or three sentences, unique to this city, on its local economy and what its small businesses need from a website. No invented statistics, no population numbers, no superlatives you cannot support. */
  blurb: string;
  /** Three local industries that are genuinely prominent there (e.g. "tourism and hospitality", "aerospace suppliers", "healthcare practices"). */
  industries: [string, string, string];
  /** Two real, well-known neighborhoods, districts or landmarks of the city, written as they read after "near" (e.g. "Park Avenue", "the Tampa Riverwalk"). */
  landmarks: [string, string];
}

export interface State {
  name: string; // "Florida"
  slug: string; // "florida"
  abbr: string; // "FL"
  cities: City[]; // exactly 20
}

export const states: State[] = [
  {
    name: "Florida",
    slug: "florida",
    abbr: "FL",
    cities: [
      {
        name: "Orlando",
        slug: "orlando",
        county: "Orange",
        lat: 28.5384,
        lng: -81.3789,
        blurb:
          "Orlando's economy runs on theme parks, conventions and hotels, but the city also has a serious simulation and training industry and a growing medical district at Lake Nona. Local businesses compete with visitors' search traffic and with locals looking for everyday services, so a site needs clear service pages, fast mobile performance and a Google Business Profile that matches it.",
        industries: ["tourism and hospitality", "simulation and training technology", "healthcare and life sciences"],
        landmarks: ["Lake Eola Park", "Thornton Park"],
      },
      {
        name: "Winter Park",
        slug: "winter-park",
        county: "Orange",
        lat: 28.6,
        lng: -81.3392,
        blurb:
          "Winter Park is known for the boutiques, galleries and sidewalk cafes of Park Avenue and for Rollins College, with brick streets and chain lakes that draw shoppers from across Orlando. Independent shops, salons and professional offices here trade on a polished, local reputation, so their websites need photography, reviews and booking that feel as considered as the storefront.",
        industries: ["boutique retail", "restaurants and cafes", "professional services"],
        landmarks: ["Park Avenue", "Rollins College"],
      },
      {
        name: "Kissimmee",
        slug: "kissimmee",
        county: "Osceola",
        lat: 28.292,
        lng: -81.4076,
        blurb:
          "Kissimmee sits at the gateway to Walt Disney World along U.S. 192, and its economy leans heavily on vacation homes, hotels, attractions and the trades that keep them running. The city also has a large Spanish-speaking community, so many businesses here benefit from bilingual pages, clear pricing for out-of-town guests and online booking that works on a phone.",
        industries: ["vacation rentals and hospitality", "attractions and tourism services", "home services and property maintenance"],
        landmarks: ["Kissimmee Lakefront Park", "Historic Downtown Kissimmee"],
      },
      {
        name: "Sanford",
        slug: "sanford",
        county: "Seminole",
        lat: 28.8003,
        lng: -81.2731,
        blurb:
          "Sanford is the Seminole County seat on Lake Monroe, home to Orlando Sanford International Airport and the southern terminal of Amtrak's Auto Train. Its restored downtown of breweries, restaurants and antique shops depends on people finding events and opening hours online, while aviation and logistics firms need sites that explain capabilities plainly to business buyers.",
        industries: ["aviation and airport services", "restaurants and craft breweries", "logistics and distribution"],
        landmarks: ["Historic Downtown Sanford", "the Sanford Riverwalk"],
      },
      {
        name: "Lake Mary",
        slug: "lake-mary",
        county: "Seminole",
        lat: 28.7589,
        lng: -81.3178,
        blurb:
          "Lake Mary is an office hub on the I-4 corridor, with regional operations for financial, insurance and technology companies clustered around Colonial TownPark and the nearby Heathrow area. The firms and consultants that serve those employers, along with family-oriented clinics and services, need professional, credible websites that read well to both corporate clients and local residents.",
        industries: ["financial services and insurance offices", "technology companies", "healthcare practices"],
        landmarks: ["Colonial TownPark", "Historic Downtown Lake Mary"],
      },
      {
        name: "Altamonte Springs",
        slug: "altamonte-springs",
        county: "Seminole",
        lat: 28.6611,
        lng: -81.3656,
        blurb:
          "Altamonte Springs is a retail and medical crossroads just north of Orlando, anchored by Altamonte Mall, the restaurants around Cranes Roost Park and AdventHealth Altamonte. With a SunRail station and I-4 running through it, local businesses draw customers from several surrounding towns, so location pages, accurate maps and strong local search listings matter here.",
        industries: ["retail and shopping centers", "healthcare and medical offices", "restaurants and dining"],
        landmarks: ["Cranes Roost Park", "Altamonte Mall"],
      },
      {
        name: "Oviedo",
        slug: "oviedo",
        county: "Seminole",
        lat: 28.67,
        lng: -81.2081,
        blurb:
          "Oviedo is a largely residential, family-oriented city next to the University of Central Florida, with a town center built around Oviedo on the Park and its lake. Many local businesses are home-service contractors, tutors, pediatric and dental practices, and eateries that live on neighborhood word of mouth, so reviews, service-area pages and easy contact forms do much of the selling.",
        industries: ["home services and contractors", "education and tutoring", "family healthcare practices"],
        landmarks: ["Oviedo on the Park", "the Cross Seminole Trail"],
      },
      {
        name: "Clermont",
        slug: "clermont",
        county: "Lake",
        lat: 28.5494,
        lng: -81.7729,
        blurb:
          "Clermont's rolling hills and chain of lakes have made it a training base for runners, cyclists and triathletes, and South Lake County has seen steady new-home construction. Fitness coaches, builders, real estate agents and medical practices here serve both newcomers and visiting athletes, so their sites need to explain services clearly to people who are new to the area.",
        industries: ["sports training and fitness", "home building and real estate", "healthcare practices"],
        landmarks: ["Waterfront Park", "the Florida Citrus Tower"],
      },
      {
        name: "Winter Garden",
        slug: "winter-garden",
        county: "Orange",
        lat: 28.5653,
        lng: -81.5862,
        blurb:
          "Winter Garden's revived downtown along Plant Street, with its farmers market and the West Orange Trail running through it, has become a dining and weekend destination for west Orange County. Rapid residential growth in nearby Horizon West means restaurants, boutiques and service businesses here are constantly reaching new neighbors who search online before they visit.",
        industries: ["restaurants and hospitality", "real estate and new-home construction", "specialty retail"],
        landmarks: ["Plant Street", "the West Orange Trail"],
      },
      {
        name: "Apopka",
        slug: "apopka",
        county: "Orange",
        lat: 28.6934,
        lng: -81.5322,
        blurb:
          "Apopka calls itself the Indoor Foliage Capital of the World, and its plant nurseries and greenhouse growers still ship across the country alongside landscaping and construction firms. Growers and wholesalers here need websites that present catalogs and handle trade inquiries, while newer residential growth gives local service businesses a reason to invest in local search.",
        industries: ["foliage nurseries and horticulture", "landscaping", "construction and home services"],
        landmarks: ["the Lake Apopka Wildlife Drive", "Wekiwa Springs State Park"],
      },
      {
        name: "Daytona Beach",
        slug: "daytona-beach",
        county: "Volusia",
        lat: 29.2108,
        lng: -81.0228,
        blurb:
          "Daytona Beach is defined by Daytona International Speedway, its beach and big annual events such as Speedweeks and Bike Week, and it is also home to Embry-Riddle Aeronautical University. Hotels, restaurants and shops see sharp swings in traffic around race weeks, so their sites need event-aware content and booking that can handle sudden demand.",
        industries: ["motorsports and events", "tourism and hospitality", "aviation education and services"],
        landmarks: ["Daytona International Speedway", "the Main Street Pier"],
      },
      {
        name: "Melbourne",
        slug: "melbourne",
        county: "Brevard",
        lat: 28.0836,
        lng: -80.6081,
        blurb:
          "Melbourne is a center of Florida's Space Coast economy, home to L3Harris Technologies' headquarters, Florida Institute of Technology and a cluster of aerospace and defense suppliers. Engineering firms and subcontractors need sites that document capabilities and certifications, while downtown and Eau Gallie businesses rely on local search and event listings.",
        industries: ["aerospace and defense", "engineering and technology services", "healthcare"],
        landmarks: ["Historic Downtown Melbourne", "the Eau Gallie Arts District"],
      },
      {
        name: "Lakeland",
        slug: "lakeland",
        county: "Polk",
        lat: 28.0395,
        lng: -81.9498,
        blurb:
          "Lakeland sits on I-4 between Tampa and Orlando, which has made it a base for distribution centers and the headquarters of Publix Super Markets. Its downtown lakes, Florida Southern College and Lakeland Regional Health support a steady local service economy, and businesses here often need to be found by customers in both metro areas.",
        industries: ["logistics and distribution", "grocery and retail corporate operations", "healthcare"],
        landmarks: ["Lake Mirror", "Florida Southern College"],
      },
      {
        name: "Tampa",
        slug: "tampa",
        county: "Hillsborough",
        lat: 27.9506,
        lng: -82.4572,
        blurb:
          "Tampa combines a working port, MacDill Air Force Base and a large financial and professional-services sector in the Westshore business district and downtown. From Ybor City bars to B2B firms, local businesses face a crowded market, so strong positioning, fast pages and content that targets specific Tampa neighborhoods help them stand out.",
        industries: ["financial and professional services", "port and maritime trade", "healthcare"],
        landmarks: ["Ybor City", "the Tampa Riverwalk"],
      },
      {
        name: "St. Petersburg",
        slug: "st-petersburg",
        county: "Pinellas",
        lat: 27.7676,
        lng: -82.6403,
        blurb:
          "St. Petersburg has a walkable downtown known for murals, museums and the rebuilt St. Pete Pier, and it is home to Raymond James Financial and a marine science cluster around USF St. Petersburg. Galleries, restaurants, studios and small firms here tend to have a strong visual identity, and their websites should carry it through with good photography and simple booking or purchase paths.",
        industries: ["arts and tourism", "financial services", "marine science and research"],
        landmarks: ["the St. Pete Pier", "The Dali Museum"],
      },
      {
        name: "Jacksonville",
        slug: "jacksonville",
        county: "Duval",
        lat: 30.3322,
        lng: -81.6557,
        blurb:
          "Jacksonville's economy is built on JAXPORT, two major Navy installations, and a sizeable financial-services and logistics sector. The city is spread over a very large area, so service businesses need location-specific pages and clear service-area information to be found by customers from the Beaches to the Westside.",
        industries: ["logistics and port operations", "military and defense", "financial services"],
        landmarks: ["San Marco", "Riverside Avondale"],
      },
      {
        name: "Miami",
        slug: "miami",
        county: "Miami-Dade",
        lat: 25.7617,
        lng: -80.1918,
        blurb:
          "Miami is a gateway for trade and banking with Latin America, with a financial district in Brickell, a busy cruise port and an art and design scene centered on Wynwood. Many customers here search in Spanish as well as English, so businesses benefit from properly built bilingual sites and a design standard that holds up in a visually competitive market.",
        industries: ["international trade and banking", "tourism and cruise services", "real estate"],
        landmarks: ["Brickell", "Wynwood"],
      },
      {
        name: "Fort Lauderdale",
        slug: "fort-lauderdale",
        county: "Broward",
        lat: 26.1224,
        lng: -80.1373,
        blurb:
          "Fort Lauderdale's network of canals supports a large marine industry of yacht brokers, repair yards and charter operators, and the city hosts the annual Fort Lauderdale International Boat Show. Port Everglades and Las Olas Boulevard keep tourism and dining strong, so businesses here need sites that sell high-value services to visitors and seasonal residents alike.",
        industries: ["marine and yachting", "tourism and hospitality", "real estate"],
        landmarks: ["Las Olas Boulevard", "Fort Lauderdale Beach"],
      },
      {
        name: "Gainesville",
        slug: "gainesville",
        county: "Alachua",
        lat: 29.6516,
        lng: -82.3248,
        blurb:
          "Gainesville revolves around the University of Florida and UF Health Shands Hospital, with research spin-offs and startups growing out of the university. Because students and staff turn over every year, restaurants, landlords and service businesses have to win new customers each semester, which makes local search, reviews and mobile-first design essential.",
        industries: ["higher education and research", "healthcare", "biotech and technology startups"],
        landmarks: ["the University of Florida", "Depot Park"],
      },
      {
        name: "Ocala",
        slug: "ocala",
        county: "Marion",
        lat: 29.1872,
        lng: -82.1401,
        blurb:
          "Ocala is known as the Horse Capital of the World, with thoroughbred farms, equestrian services and the World Equestrian Center shaping its economy alongside distribution centers on I-75. Breeders, trainers and suppliers sell to buyers across the country, so their sites need to present horses, facilities and services clearly to people who may never visit in person.",
        industries: ["equestrian and horse breeding", "logistics and distribution", "healthcare"],
        landmarks: ["Downtown Ocala Square", "the World Equestrian Center"],
      },
    ],
  },
  {
    name: "New York",
    slug: "new-york",
    abbr: "NY",
    cities: [
      {
        name: "New York City",
        slug: "new-york-city",
        county: "New York",
        lat: 40.7128,
        lng: -74.006,
        blurb:
          "New York City is a national center for finance, media, fashion and advertising, and its small businesses operate in one of the most competitive local search markets in the country. Independent firms here usually win by being specific about the neighborhood and niche they serve, with fast, well-structured sites that make their expertise obvious at a glance.",
        industries: ["financial services", "media and advertising", "restaurants and hospitality"],
        landmarks: ["Times Square", "Central Park"],
      },
      {
        name: "Brooklyn",
        slug: "brooklyn",
        county: "Kings",
        lat: 40.6782,
        lng: -73.9442,
        blurb:
          "Brooklyn has a dense mix of independent restaurants, design studios, makers and light manufacturers, many of them based in places like the Brooklyn Navy Yard and the converted warehouses of DUMBO. These businesses often sell on craft and personality, so their websites need strong visual design, online ordering or shops, and pages that target specific neighborhoods.",
        industries: ["creative and design studios", "food and beverage makers", "independent retail"],
        landmarks: ["DUMBO", "the Brooklyn Navy Yard"],
      },
      {
        name: "Buffalo",
        slug: "buffalo",
        county: "Erie",
        lat: 42.8864,
        lng: -78.8784,
        blurb:
          "Buffalo's economy has shifted toward healthcare and life sciences around the Buffalo Niagara Medical Campus while keeping a base of manufacturing and cross-border trade with Ontario. Local businesses benefit from sites that speak to both regular customers and Canadian visitors, and from content that reflects the city's revived waterfront and neighborhoods.",
        industries: ["healthcare and life sciences", "advanced manufacturing", "cross-border trade and logistics"],
        landmarks: ["Canalside", "Elmwood Village"],
      },
      {
        name: "Rochester",
        slug: "rochester",
        county: "Monroe",
        lat: 43.1566,
        lng: -77.6088,
        blurb:
          "Rochester grew up around Kodak, Xerox and Bausch + Lomb, and that imaging heritage lives on in a cluster of optics and photonics companies alongside the University of Rochester and RIT. Technical firms here need websites that explain specialized products to engineers and buyers, while local shops and practices lean on clear, well-maintained local listings.",
        industries: ["optics and photonics", "healthcare and medical research", "higher education"],
        landmarks: ["High Falls", "The Strong National Museum of Play"],
      },
      {
        name: "Yonkers",
        slug: "yonkers",
        county: "Westchester",
        lat: 40.9312,
        lng: -73.8988,
        blurb:
          "Yonkers sits on the Hudson just north of the Bronx, with a redeveloping downtown waterfront, large shopping centers and busy neighborhood commercial strips. Many of its businesses are family-owned restaurants, contractors and shops serving a diverse population, so multilingual content and strong local search listings help them reach nearby customers.",
        industries: ["retail", "healthcare", "construction and home services"],
        landmarks: ["Getty Square", "Untermyer Gardens"],
      },
      {
        name: "Syracuse",
        slug: "syracuse",
        county: "Onondaga",
        lat: 43.0481,
        lng: -76.1474,
        blurb:
          "Syracuse's economy is anchored by Syracuse University, SUNY Upstate Medical University and a long manufacturing tradition, with the Great New York State Fair held next door each summer. Restaurants and shops in Armory Square and service businesses across Central New York need sites that keep hours and seasonal information current through long winters and busy event weeks.",
        industries: ["higher education", "healthcare", "manufacturing"],
        landmarks: ["Armory Square", "Syracuse University"],
      },
      {
        name: "Albany",
        slug: "albany",
        county: "Albany",
        lat: 42.6526,
        lng: -73.7562,
        blurb:
          "As New York's state capital, Albany has an economy built around state government, the lobbyists, law firms, nonprofits and contractors that work with it, plus Albany Medical Center and area colleges. Organizations here often need accessible, professional sites that present credentials clearly to agencies and institutional clients.",
        industries: ["government and public affairs", "healthcare", "higher education and nanotechnology research"],
        landmarks: ["the Empire State Plaza", "Lark Street"],
      },
      {
        name: "New Rochelle",
        slug: "new-rochelle",
        county: "Westchester",
        lat: 40.9115,
        lng: -73.7824,
        blurb:
          "New Rochelle is a Long Island Sound city on the Metro-North line whose downtown has added many new apartment buildings in recent years. Restaurants, fitness studios and professional offices here are reaching a growing population of commuters and new residents, which makes an up-to-date site and a well-managed Google Business Profile especially valuable.",
        industries: ["restaurants and dining", "real estate and residential development", "professional services"],
        landmarks: ["Glen Island Park", "Iona University"],
      },
      {
        name: "Mount Vernon",
        slug: "mount-vernon",
        county: "Westchester",
        lat: 40.9126,
        lng: -73.8371,
        blurb:
          "Mount Vernon is a compact, densely populated city bordering the Bronx, with commercial corridors along Fourth Avenue and Gramatan Avenue and commuter neighborhoods such as Fleetwood. Its small businesses, many of them family-owned shops, salons, restaurants and trades, depend on nearby customers finding them quickly on a phone.",
        industries: ["neighborhood retail", "personal care and salons", "construction and home services"],
        landmarks: ["Fleetwood", "St. Paul's Church National Historic Site"],
      },
      {
        name: "Schenectady",
        slug: "schenectady",
        county: "Schenectady",
        lat: 42.8142,
        lng: -73.9396,
        blurb:
          "Schenectady's identity was built by General Electric, which still makes power-generation equipment in the city, and it is home to Union College and the historic Proctors theatre. The Mohawk Harbor development and a revived downtown arts scene give restaurants and venues reasons to invest in event listings and online ticketing or reservations.",
        industries: ["power and energy equipment manufacturing", "higher education", "arts and entertainment"],
        landmarks: ["the Stockade Historic District", "Proctors"],
      },
      {
        name: "Utica",
        slug: "utica",
        county: "Oneida",
        lat: 43.1009,
        lng: -75.2327,
        blurb:
          "Utica is a Mohawk Valley city with a healthcare sector centered on Wynn Hospital, a manufacturing base, and a food culture known for tomato pie and chicken riggies. Refugee resettlement has brought many new business owners to the city, so clear, multilingual websites and accurate local listings help restaurants and shops reach the wider region.",
        industries: ["healthcare", "manufacturing", "restaurants and specialty food"],
        landmarks: ["Bagg's Square", "the Utica Zoo"],
      },
      {
        name: "White Plains",
        slug: "white-plains",
        county: "Westchester",
        lat: 41.034,
        lng: -73.7629,
        blurb:
          "White Plains is the Westchester County seat, so its downtown is full of courts, law firms, corporate offices and the retailers and restaurants that serve office workers. Professional-services firms here compete for clients across the county and need credible, content-rich sites that show expertise and make consultations easy to book.",
        industries: ["legal and professional services", "corporate offices", "retail"],
        landmarks: ["Mamaroneck Avenue", "The Westchester"],
      },
      {
        name: "Troy",
        slug: "troy",
        county: "Rensselaer",
        lat: 42.7284,
        lng: -73.6918,
        blurb:
          "Troy, once known as the Collar City for its shirt-collar factories, is home to Rensselaer Polytechnic Institute and a well-preserved 19th-century downtown that has been used as a film set. Software and game studios grown from RPI sit alongside independent restaurants and shops that draw visitors to the Troy Waterfront Farmers Market.",
        industries: ["software and game development", "higher education and research", "independent restaurants and shops"],
        landmarks: ["Rensselaer Polytechnic Institute", "the Troy Savings Bank Music Hall"],
      },
      {
        name: "Niagara Falls",
        slug: "niagara-falls",
        county: "Niagara",
        lat: 43.0962,
        lng: -79.0377,
        blurb:
          "Niagara Falls lives largely on visitors to the falls and Niagara Falls State Park, along with the Seneca Niagara Resort and Casino. Hotels, tour operators and restaurants here compete for travelers who plan on their phones, often from Canada or overseas, so fast pages, clear directions and direct booking make a real difference.",
        industries: ["tourism", "hotels and hospitality", "casino gaming and entertainment"],
        landmarks: ["Niagara Falls State Park", "Old Falls Street"],
      },
      {
        name: "Binghamton",
        slug: "binghamton",
        county: "Broome",
        lat: 42.0987,
        lng: -75.918,
        blurb:
          "Binghamton is the hub of New York's Southern Tier, with regional hospitals, nearby Binghamton University and an electronics and defense manufacturing tradition that dates to IBM's founding in neighboring Endicott. Local businesses, from spiedie restaurants to engineering suppliers, need websites that reach customers across Broome County and the Pennsylvania border.",
        industries: ["healthcare", "higher education", "electronics and defense manufacturing"],
        landmarks: ["the Ross Park Zoo", "Recreation Park"],
      },
      {
        name: "Ithaca",
        slug: "ithaca",
        county: "Tompkins",
        lat: 42.444,
        lng: -76.5019,
        blurb:
          "Ithaca is home to Cornell University and Ithaca College, and its gorges, waterfalls and Cayuga Lake wineries bring a steady flow of visitors. Restaurants, inns and independent shops on the Commons serve students, faculty, parents and tourists, so their sites need to work for both locals and first-time visitors planning a trip.",
        industries: ["higher education and research", "tourism and wineries", "restaurants and independent retail"],
        landmarks: ["the Ithaca Commons", "Cornell University"],
      },
      {
        name: "Poughkeepsie",
        slug: "poughkeepsie",
        county: "Dutchess",
        lat: 41.7004,
        lng: -73.921,
        blurb:
          "Poughkeepsie is the Dutchess County seat and the end of Metro-North's Hudson Line, with IBM's long-running mainframe operations nearby and Vassar College and Marist College in the area. The Walkway Over the Hudson draws visitors, and local restaurants and service firms benefit from sites that reach both residents and weekend travelers from New York City.",
        industries: ["technology and computing", "healthcare", "higher education"],
        landmarks: ["the Walkway Over the Hudson", "Vassar College"],
      },
      {
        name: "Newburgh",
        slug: "newburgh",
        county: "Orange",
        lat: 41.5034,
        lng: -74.0104,
        blurb:
          "Newburgh is a Hudson River city with a large historic district, a waterfront restaurant row and Washington's Headquarters, where the Continental Army's commander spent the end of the Revolutionary War. Nearby Stewart International Airport and the I-84 and I-87 interchange support logistics work, while restorations and new restaurants need websites that build trust with visitors discovering the city.",
        industries: ["restaurants and hospitality", "logistics and warehousing", "construction and historic restoration"],
        landmarks: ["Washington's Headquarters State Historic Site", "the Newburgh Waterfront"],
      },
      {
        name: "Saratoga Springs",
        slug: "saratoga-springs",
        county: "Saratoga",
        lat: 43.0831,
        lng: -73.7846,
        blurb:
          "Saratoga Springs is known for the summer meet at Saratoga Race Course, its mineral springs and the Saratoga Performing Arts Center, with Skidmore College in town. Hotels, restaurants and shops on Broadway see a strong summer peak, so their sites need seasonal content, reservations and clear information for visitors the rest of the year too.",
        industries: ["horse racing and tourism", "hotels and restaurants", "arts and performance venues"],
        landmarks: ["the Saratoga Race Course", "Congress Park"],
      },
      {
        name: "Kingston",
        slug: "kingston",
        county: "Ulster",
        lat: 41.927,
        lng: -73.9974,
        blurb:
          "Kingston was New York's first state capital, and its Uptown Stockade District and Rondout waterfront now host restaurants, galleries and shops that serve Hudson Valley residents and Catskills-bound visitors. Many businesses here are small, design-minded operations that need a distinctive, easy-to-update website rather than a generic template.",
        industries: ["tourism and hospitality", "arts and crafts", "restaurants and food producers"],
        landmarks: ["the Uptown Stockade District", "Rondout"],
      },
    ],
  },
  {
    name: "Texas",
    slug: "texas",
    abbr: "TX",
    cities: [
      {
        name: "Houston",
        slug: "houston",
        county: "Harris",
        lat: 29.7604,
        lng: -95.3698,
        blurb:
          "Houston's economy is driven by the energy industry, the Port of Houston, NASA's Johnson Space Center and the hospitals and research institutions of the Texas Medical Center. It is a very diverse, sprawling city, so small businesses do best with neighborhood-specific pages, multilingual content where it fits their customers, and sites that load quickly on mobile.",
        industries: ["energy and petrochemicals", "healthcare and medical research", "port and logistics"],
        landmarks: ["the Texas Medical Center", "Montrose"],
      },
      {
        name: "San Antonio",
        slug: "san-antonio",
        county: "Bexar",
        lat: 29.4241,
        lng: -98.4936,
        blurb:
          "San Antonio combines a large military presence at Joint Base San Antonio with tourism around the River Walk and the Alamo, and a growing cybersecurity sector. Many customers are bilingual, so businesses here benefit from English and Spanish content, while tourism operators need fast booking pages that work for visitors on the go.",
        industries: ["military and defense", "tourism and hospitality", "cybersecurity"],
        landmarks: ["the River Walk", "the Alamo"],
      },
      {
        name: "Dallas",
        slug: "dallas",
        county: "Dallas",
        lat: 32.7767,
        lng: -96.797,
        blurb:
          "Dallas is a major corporate and financial center with many company headquarters, a large wholesale and design trade, and restaurant and music districts such as Deep Ellum and Bishop Arts. Small firms here often sell to other businesses or compete on style, so polished design, strong case studies and clear calls to action carry real weight.",
        industries: ["financial services", "corporate headquarters and professional services", "restaurants and hospitality"],
        landmarks: ["Deep Ellum", "the Bishop Arts District"],
      },
      {
        name: "Austin",
        slug: "austin",
        county: "Travis",
        lat: 30.2672,
        lng: -97.7431,
        blurb:
          "Austin is the Texas state capital and home to the University of Texas, a large technology sector and a live-music and festival calendar that includes SXSW and Austin City Limits. Startups, agencies and local shops compete with tech-savvy peers, so expectations for site speed, design and clear messaging are high.",
        industries: ["technology and software", "state government", "live music and events"],
        landmarks: ["South Congress Avenue", "the Texas State Capitol"],
      },
      {
        name: "Fort Worth",
        slug: "fort-worth",
        county: "Tarrant",
        lat: 32.7555,
        lng: -97.3308,
        blurb:
          "Fort Worth builds fighter jets at Lockheed Martin's plant, moves freight through the AllianceTexas logistics hub, and is headquarters to American Airlines, while the Stockyards keep its Western heritage on display for visitors. Suppliers need sites that document capabilities, and hospitality businesses need content that speaks to tourists planning a trip.",
        industries: ["aerospace and defense", "logistics and transportation", "tourism and Western heritage"],
        landmarks: ["the Fort Worth Stockyards", "Sundance Square"],
      },
      {
        name: "El Paso",
        slug: "el-paso",
        county: "El Paso",
        lat: 31.7619,
        lng: -106.485,
        blurb:
          "El Paso sits across the Rio Grande from Ciudad Juarez, and cross-border manufacturing supply chains, Fort Bliss and the University of Texas at El Paso shape its economy. Most businesses serve a bilingual market, and customs brokers, logistics firms and local services need sites that work in both English and Spanish.",
        industries: ["cross-border trade and logistics", "military and defense services", "healthcare"],
        landmarks: ["Franklin Mountains State Park", "San Jacinto Plaza"],
      },
      {
        name: "Arlington",
        slug: "arlington",
        county: "Tarrant",
        lat: 32.7357,
        lng: -97.1081,
        blurb:
          "Arlington lies between Dallas and Fort Worth and hosts AT&T Stadium, Globe Life Field and Six Flags Over Texas, along with General Motors' Arlington Assembly plant and UT Arlington. Restaurants and hotels see big swings around game and concert days, so event-aware content and mobile ordering or booking are worth building in.",
        industries: ["sports and entertainment", "automotive manufacturing", "higher education"],
        landmarks: ["AT&T Stadium", "Six Flags Over Texas"],
      },
      {
        name: "Corpus Christi",
        slug: "corpus-christi",
        county: "Nueces",
        lat: 27.8006,
        lng: -97.3964,
        blurb:
          "Corpus Christi's economy rests on its deep-water port and refineries, Naval Air Station Corpus Christi, and beach tourism on North Beach and nearby Padre Island. Industrial contractors need sites that show safety records and capabilities, while coastal rentals, charters and restaurants depend on visitors finding them online before they arrive.",
        industries: ["energy and refining", "port and maritime services", "coastal tourism"],
        landmarks: ["the USS Lexington Museum", "North Beach"],
      },
      {
        name: "Plano",
        slug: "plano",
        county: "Collin",
        lat: 33.0198,
        lng: -96.6989,
        blurb:
          "Plano hosts the North American headquarters of Toyota and many other corporate campuses, particularly around the Legacy business park and the Legacy West development. Consultants, B2B firms and professional practices here sell to a corporate audience, so sites need polished design, clear proof of results and simple ways to request a meeting.",
        industries: ["corporate headquarters", "technology", "financial and professional services"],
        landmarks: ["Legacy West", "Historic Downtown Plano"],
      },
      {
        name: "Lubbock",
        slug: "lubbock",
        county: "Lubbock",
        lat: 33.5779,
        lng: -101.8552,
        blurb:
          "Lubbock is the commercial center of the South Plains, with an economy tied to cotton and agriculture, Texas Tech University and its Health Sciences Center, and regional hospitals. Farm suppliers, ag-tech firms and local services draw customers from across a wide rural area, so clear service-area pages and accurate contact details are essential.",
        industries: ["agriculture and cotton", "higher education", "healthcare"],
        landmarks: ["Texas Tech University", "the Buddy Holly Center"],
      },
      {
        name: "Laredo",
        slug: "laredo",
        county: "Webb",
        lat: 27.5306,
        lng: -99.4803,
        blurb:
          "Laredo handles a large share of U.S.-Mexico truck trade through crossings such as the World Trade Bridge, supporting customs brokers, freight forwarders and warehouses. Most customers are bilingual, so trade-service firms and retailers need English and Spanish sites that explain services precisely and make quoting easy.",
        industries: ["international trade and customs brokerage", "trucking and warehousing", "retail"],
        landmarks: ["San Agustin Plaza", "the World Trade Bridge"],
      },
      {
        name: "Irving",
        slug: "irving",
        county: "Dallas",
        lat: 32.814,
        lng: -96.9489,
        blurb:
          "Irving borders DFW International Airport and contains the Las Colinas business district, home to corporate headquarters, hotels and the Irving Convention Center. Businesses here serve business travelers and office workers as well as residents, so sites should cover corporate services, events and fast local search.",
        industries: ["corporate headquarters", "hotels and conventions", "professional services"],
        landmarks: ["Las Colinas", "the Mandalay Canal"],
      },
      {
        name: "Garland",
        slug: "garland",
        county: "Dallas",
        lat: 32.9126,
        lng: -96.6389,
        blurb:
          "Garland, northeast of Dallas, has a substantial manufacturing base, its own municipal electric utility, and a diverse population that includes a well-established Vietnamese American community. Family-owned restaurants, shops and trade businesses here benefit from multilingual content and listings that stand out in a crowded Dallas County market.",
        industries: ["manufacturing", "family-owned restaurants and retail", "home services"],
        landmarks: ["Downtown Garland Square", "Lake Ray Hubbard"],
      },
      {
        name: "Frisco",
        slug: "frisco",
        county: "Collin",
        lat: 33.1507,
        lng: -96.8236,
        blurb:
          "Frisco has built an economy around sports venues and headquarters, including The Star, home of the Dallas Cowboys' headquarters, Toyota Stadium and the PGA of America's headquarters campus. Fast residential growth keeps new families arriving, so youth sports, healthcare and home-service businesses need sites that are easy to find and quick to book from.",
        industries: ["sports and entertainment", "real estate and development", "healthcare and family services"],
        landmarks: ["The Star in Frisco", "Toyota Stadium"],
      },
      {
        name: "McKinney",
        slug: "mckinney",
        county: "Collin",
        lat: 33.1972,
        lng: -96.6398,
        blurb:
          "McKinney is the Collin County seat, with a historic downtown square of independent shops, restaurants and festivals, and ongoing residential growth on its edges. Downtown merchants need sites that promote events and sell online, while builders, realtors and service businesses need to reach the new households arriving each year.",
        industries: ["downtown retail and dining", "home building and real estate", "healthcare"],
        landmarks: ["Historic Downtown McKinney", "the Heard Natural Science Museum & Wildlife Sanctuary"],
      },
      {
        name: "Amarillo",
        slug: "amarillo",
        county: "Potter",
        lat: 35.222,
        lng: -101.8313,
        blurb:
          "Amarillo is the Texas Panhandle's trade center, with cattle feeding and beef processing, agriculture, aircraft assembly at Bell's facility and heavy truck traffic along I-40. Many businesses serve a rural region or travelers on historic Route 66, so strong local search and clear, practical information matter more than flashy design.",
        industries: ["cattle and beef processing", "agriculture", "trucking and logistics"],
        landmarks: ["the Route 66 Historic District", "Cadillac Ranch"],
      },
      {
        name: "Grand Prairie",
        slug: "grand-prairie",
        county: "Dallas",
        lat: 32.746,
        lng: -96.9978,
        blurb:
          "Grand Prairie sits in the middle of the Dallas-Fort Worth area and is home to Lockheed Martin's Missiles and Fire Control business, Airbus Helicopters' U.S. headquarters and many warehouses along I-20 and I-30. Its attractions, including Lone Star Park and Joe Pool Lake, add a leisure side, so local firms often serve both industrial clients and weekend visitors.",
        industries: ["aerospace and defense", "warehousing and distribution", "entertainment and recreation"],
        landmarks: ["Lone Star Park", "Joe Pool Lake"],
      },
      {
        name: "Brownsville",
        slug: "brownsville",
        county: "Cameron",
        lat: 25.9017,
        lng: -97.4975,
        blurb:
          "Brownsville, at the southern tip of Texas across from Matamoros, has an economy built on cross-border trade, the Port of Brownsville and healthcare, with SpaceX's Starbase site nearby at Boca Chica. Local businesses serve a largely bilingual community and need English and Spanish sites that work well on phones.",
        industries: ["cross-border trade", "port and shipbuilding services", "healthcare"],
        landmarks: ["the Gladys Porter Zoo", "the Palo Alto Battlefield National Historical Park"],
      },
      {
        name: "Denton",
        slug: "denton",
        county: "Denton",
        lat: 33.2148,
        lng: -97.1331,
        blurb:
          "Denton is a college town with the University of North Texas and Texas Woman's University, a music scene fed by UNT's College of Music, and Peterbilt's headquarters. Venues, cafes and shops around the courthouse square need sites that keep event calendars current and appeal to students as well as longtime residents.",
        industries: ["higher education", "live music and arts", "manufacturing"],
        landmarks: ["Denton Square", "the University of North Texas"],
      },
      {
        name: "Waco",
        slug: "waco",
        county: "McLennan",
        lat: 31.5493,
        lng: -97.1467,
        blurb:
          "Waco sits on I-35 between Dallas and Austin, with Baylor University, regional healthcare and a tourism boom driven by Magnolia Market at the Silos. Restaurants, inns and shops serving visitors need sites that help people plan a day trip, while local service businesses compete for Baylor families and residents.",
        industries: ["higher education", "tourism and retail", "healthcare"],
        landmarks: ["Magnolia Market at the Silos", "Baylor University"],
      },
    ],
  },
];
